import { COMPLAINT_AUDIO_MAX_BYTES, COMPLAINT_MSG } from '@taxi/shared';
import { validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import type { FileStorage } from '../../lib/storage';
import { isWav } from '../../lib/wav';

/**
 * The recordings of a complaint or a comment (`wav_files[]`): every file is checked before any is stored —
 * wav by its content (lib/wav.ts), within the size limit — and a failed write removes what it stored.
 */
export function checkWavFiles(files: readonly UploadedFile[], uploadMaxBytes: number): void {
  const limit = Math.min(COMPLAINT_AUDIO_MAX_BYTES, uploadMaxBytes);
  files.forEach((file, i) => {
    const field = `wav_files.${i}`;
    if (file.data.length > limit)
      throw validationError(field, COMPLAINT_MSG.audioTooLarge(Math.round(limit / 1048576)));
    if (!isWav(file.data)) throw validationError(field, COMPLAINT_MSG.wavOnly);
  });
}

/** Stores the checked files, runs `write` with their names, and removes them again when `write` throws. */
export async function withStoredWavs<T>(
  storage: FileStorage,
  files: readonly UploadedFile[],
  write: (names: string[]) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    for (const file of files) stored.push(await storage.put(file.data, 'wav'));
    return await write(stored);
  } catch (error) {
    for (const name of stored) await storage.remove(name);
    throw error;
  }
}
