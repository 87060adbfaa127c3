import { ID_CARD_MAX_BYTES, ID_CARD_MIME_TYPES, PEOPLE_MSG } from '@taxi/shared';
import { validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { detectFileType, type FileStorage } from '../../lib/storage';

export interface ImageRule {
  maxBytes: number;
  mimeTypes: readonly string[];
}

export const ID_CARD_RULE: ImageRule = { maxBytes: ID_CARD_MAX_BYTES, mimeTypes: ID_CARD_MIME_TYPES };

/** Checks an upload by its content and size, then stores it under a random name. */
export class FileService {
  constructor(
    readonly storage: FileStorage,
    private readonly uploadMaxBytes: number,
  ) {}

  /** 422 on `field` when the file is not one of the allowed types (by content) or is too large. */
  async checkImage(field: string, file: UploadedFile, rule: ImageRule = ID_CARD_RULE) {
    const limit = Math.min(rule.maxBytes, this.uploadMaxBytes);
    if (file.data.length > limit) throw validationError(field, PEOPLE_MSG.fileTooLarge(Math.round(limit / 1048576)));
    if (file.data.length === 0) throw validationError(field, PEOPLE_MSG.fileRequired);
    const type = await detectFileType(file.data);
    if (!type || !rule.mimeTypes.includes(type.mime)) throw validationError(field, PEOPLE_MSG.imagesOnly);
    return type;
  }

  async storeImage(field: string, file: UploadedFile, rule: ImageRule = ID_CARD_RULE): Promise<string> {
    const type = await this.checkImage(field, file, rule);
    return this.storage.put(file.data, type.ext);
  }
}
