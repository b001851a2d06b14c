/**
 * How a cadastral precinct and a plot added from the cadastre are named on screen. The registry
 * gives many precincts no name but their 4-digit code ("0001"): the code is then shown once, not
 * as "0001 (0001)".
 */

/** The precinct's 4-digit code from its TERYT id (`141212_5.0008` -> `0008`). */
export const precinctCode = (teryt: string): string => teryt.slice(-4);

/** True when the name says no more than the code (empty, the code itself, or the whole TERYT id). */
function nameIsCode(name: string | undefined, teryt: string): boolean {
  const n = (name ?? '').trim();
  return !n || n === precinctCode(teryt) || n === teryt || n === teryt.split('.').pop();
}

/** `Kuflew (0008)`, or `0008` alone when the precinct has no name of its own. */
export function precinctLabel(name: string | undefined, teryt: string): string {
  return nameIsCode(name, teryt) ? precinctCode(teryt) : `${name!.trim()} (${precinctCode(teryt)})`;
}

/** The precinct as a plot's name mentions it: its name, else its code. */
export function precinctShort(name: string | undefined, teryt: string): string {
  return nameIsCode(name, teryt) ? precinctCode(teryt) : name!.trim();
}

/**
 * The name given to a plot added from the cadastre, as a farmer reads it in the list: the plot's
 * number and its precinct (`farmMap.cadastralPlotName`, e.g. "Działka 302/2, obręb Kuflew"), cut
 * to the 100 characters a name may have.
 */
export function cadastralPlotName(
  tr: (key: string, values: Record<string, string>) => string,
  plotNumber: string,
  precinctName: string | undefined,
  teryt: string,
): string {
  return tr('farmMap.cadastralPlotName', {
    number: plotNumber,
    precinct: precinctShort(precinctName, teryt),
  }).slice(0, 100);
}
