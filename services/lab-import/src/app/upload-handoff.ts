/**
 * Files handed from an upload request to the check job in the same process, so the job does not
 * read back from Postgres the megabytes it was just given. The file is
 * stored in `imports.file` all the same: a job on another replica, a retried job or a check run
 * again reads it from there. A few files at most, each held until its job takes it.
 */
const MAX_HELD = 4;
const held = new Map<string, Buffer>();

export function handOver(importId: string, file: Buffer): void {
  held.set(importId, file);
  while (held.size > MAX_HELD) held.delete(held.keys().next().value!);
}

/** The file of an import as uploaded to this process, once; undefined when it is not held here. */
export function takeOver(importId: string): Buffer | undefined {
  const file = held.get(importId);
  held.delete(importId);
  return file;
}
