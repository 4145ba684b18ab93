// Loaded with `node --import`: the station starts as on a machine where serialport and node-hid are missing.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(
      'export async function resolve(specifier, context, next) {' +
        "  if (specifier === 'serialport' || specifier === 'node-hid')" +
        "    throw new Error(`Cannot find package '${specifier}'`);" +
        '  return next(specifier, context);' +
        '}',
    ),
);
