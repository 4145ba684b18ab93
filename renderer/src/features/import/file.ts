/** The file's bytes as base64: the service tells UTF-8 from Windows-1252 (a spreadsheet's CSV may be either). */
export async function fileAsBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const formatOf = (name: string): 'csv' | 'json' => (/\.json$/i.test(name) ? 'json' : 'csv');
