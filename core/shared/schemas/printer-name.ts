/**
 * What a printer may be called: the service's rule, which the desk also checks as the name is typed. Operators
 * name printers as they speak ("Térmica Mesa 1"): letters of any language, digits, spaces, dot, dash and
 * underscore, starting with a letter or digit and not ending in a space. Node-free: the desk imports it.
 */
export const PRINTER_NAME_MAX = 64;
export const PRINTER_NAME_PATTERN = '^[\\p{L}\\p{N}](?:[\\p{L}\\p{N} ._-]*[\\p{L}\\p{N}._-])?$';
export const isPrinterName = (name: string): boolean =>
  name.length <= PRINTER_NAME_MAX && new RegExp(PRINTER_NAME_PATTERN, 'u').test(name);
