// maildev 2.2 ships no types: the part of its API the mail simulator uses. A module imported as a
// type (not an ambient `declare module 'maildev'`), so every program that reaches the simulator
// through @gleba/simulators has it without a triple-slash reference.
export interface MailDevOptions {
  smtp?: number;
  web?: number;
  ip?: string;
  disableWeb?: boolean;
  silent?: boolean;
  noOpen?: boolean;
}

export interface MailDev {
  listen(callback?: (error?: Error) => void): void;
  close(callback?: (error?: Error) => void): void;
  on(event: 'new', listener: (email: { subject?: string; to?: { address: string }[] }) => void): void;
}

/** What `import('maildev')` gives: the CommonJS export, a class, as the default. */
export interface MailDevModule {
  default: new (options?: MailDevOptions) => MailDev;
}
