import { keptFile } from './db';

/** A kept creative as an object URL for an <img>, or null when the vault has none; the caller revokes it. */
export async function keptObjectUrl(url: string): Promise<string | null> {
  const file = await keptFile(url).catch(() => null);
  return file ? URL.createObjectURL(new Blob([file.data], { type: file.mime })) : null;
}
