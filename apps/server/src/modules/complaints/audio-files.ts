import { COMPLAINT_AUDIO_MAX_BYTES, COMPLAINT_MSG } from '@taxi/shared';
import { validationError } from '../../http/errors';
import { type FileStorage, putUpload } from '../../lib/storage';
import { type UploadedFile, uploadSize } from '../../lib/uploaded-file';
import { isWavUpload } from '../../lib/wav';

/**
 * The recordings of a complaint or a comment (`wav_files[]`): every file is checked before any is stored —
 * wav by its content (lib/wav.ts), within the size limit — and a failed write removes what it stored.
 */
export async function checkWavFiles(files: readonly UploadedFile[], uploadMaxBytes: number): Promise<void> {
  const limit = Math.min(COMPLAINT_AUDIO_MAX_BYTES, uploadMaxBytes);
  for (const [i, file] of files.entries()) {
    const field = `wav_files.${i}`;
    if (uploadSize(file) > limit)
      throw validationError(field, COMPLAINT_MSG.audioTooLarge(Math.round(limit / 1048576)));
    if (!(await isWavUpload(file))) throw validationError(field, COMPLAINT_MSG.wavOnly);
  }
}

/** Stores the checked files, runs `write` with their names, and removes them again when `write` throws. */
export async function withStoredWavs<T>(
  storage: FileStorage,
  files: readonly UploadedFile[],
  write: (names: string[]) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    for (const file of files) stored.push(await putUpload(storage, file, 'wav'));
    return await write(stored);
  } catch (error) {
    for (const name of stored) await storage.remove(name);
    throw error;
  }
}
