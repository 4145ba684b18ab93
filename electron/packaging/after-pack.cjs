// electron-builder's afterPack hook (electron-builder.yml): sets Electron's fuses in the packaged binary, before
// it is signed. Fuses switch off, at build time, what a desk app never needs and malware likes to use.
const { join } = require('node:path');
const { flipFuses, FuseV1Options, FuseVersion } = require('@electron/fuses');

const FUSES = {
  version: FuseVersion.V1,
  // ELECTRON_RUN_AS_NODE would turn the signed app into a general Node interpreter.
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // The app runs only from its own, integrity-checked app.asar.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The page is served from station://app, so file:// keeps no extra privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

/** The file holding the fuse wire: the executable, or the .app bundle on macOS. */
function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas')
    return join(appOutDir, `${packager.appInfo.productFilename}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return join(appOutDir, packager.executableName);
}

async function afterPack(context) {
  // electron-builder's Arch enum: 3 is arm64, where a changed macOS binary needs its ad-hoc signature redone.
  const resetAdHocDarwinSignature = context.electronPlatformName === 'darwin' && context.arch === 3;
  await flipFuses(electronBinary(context), { ...FUSES, resetAdHocDarwinSignature });
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
