import { ID_CARD_MAX_BYTES, ID_CARD_MIME_TYPES, PEOPLE_MSG } from '@taxi/shared';
import sharp from 'sharp';
import { HttpError, validationError } from '../../http/errors';
import { type DetectedType, detectFileType, type FileStorage } from '../../lib/storage';
import { type UploadedFile, uploadSize, uploadSource } from '../../lib/uploaded-file';

export interface ImageRule {
  maxBytes: number;
  mimeTypes: readonly string[];
  /** Width × height above which an image is refused before it is decoded (a small file can be huge). */
  maxPixels: number;
}

/** 40 megapixels: more than any phone photo or ID-card scan, far less than a decompression bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;

export const ID_CARD_RULE: ImageRule = {
  maxBytes: ID_CARD_MAX_BYTES,
  mimeTypes: ID_CARD_MIME_TYPES,
  maxPixels: IMAGE_MAX_PIXELS,
};

export interface CheckedImage extends DetectedType {
  width: number;
  height: number;
}

type ImageFormat = 'jpeg' | 'png' | 'webp';
const FORMAT_OF_MIME: Record<string, ImageFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Checks an upload by its content, size and dimensions, then stores a re-encoded copy under a random
 * name: the re-encoding drops every metadata block (EXIF with GPS, XMP, comments) and anything hidden
 * after the image data.
 */
export class FileService {
  constructor(
    readonly storage: FileStorage,
    private readonly uploadMaxBytes: number,
  ) {}

  /**
   * 422 on `field` when the file is not one of the allowed types (by content), is too large in bytes or
   * in pixels (read from the header, before anything is decoded), or cannot be read as an image.
   */
  async checkImage(field: string, file: UploadedFile, rule: ImageRule = ID_CARD_RULE): Promise<CheckedImage> {
    const limit = Math.min(rule.maxBytes, this.uploadMaxBytes);
    const size = uploadSize(file);
    if (size > limit) throw validationError(field, PEOPLE_MSG.fileTooLarge(Math.round(limit / 1048576)));
    if (size === 0) throw validationError(field, PEOPLE_MSG.fileRequired);
    const type = await detectFileType(file);
    if (!type || !rule.mimeTypes.includes(type.mime) || !FORMAT_OF_MIME[type.mime])
      throw validationError(field, PEOPLE_MSG.imagesOnly);
    let width: number | undefined;
    let height: number | undefined;
    try {
      // metadata() reads the header only; the pixel limit is enforced again when decoding.
      ({ width, height } = await sharp(uploadSource(file), { limitInputPixels: false }).metadata());
    } catch {
      throw validationError(field, PEOPLE_MSG.imagesOnly);
    }
    if (!width || !height) throw validationError(field, PEOPLE_MSG.imagesOnly);
    if (width * height > rule.maxPixels)
      throw validationError(field, PEOPLE_MSG.imageTooManyPixels(Math.floor(rule.maxPixels / 1_000_000)));
    return { ...type, width, height };
  }

  /**
   * The image decoded and encoded again in its own format (jpeg, png or webp), turned upright by its
   * EXIF orientation, with no metadata kept. 422 on `field` when the pixels cannot be decoded. An upload
   * on disk is read by sharp from its file.
   */
  async reencodeImage(
    field: string,
    data: Buffer | string,
    type: DetectedType,
    rule: ImageRule = ID_CARD_RULE,
  ): Promise<Buffer> {
    const format = FORMAT_OF_MIME[type.mime];
    if (!format) throw validationError(field, PEOPLE_MSG.imagesOnly);
    try {
      const image = sharp(data, { limitInputPixels: rule.maxPixels, failOn: 'error' }).rotate();
      // sharp keeps no metadata unless asked (withMetadata/keepExif): none is asked here.
      if (format === 'jpeg') return await image.jpeg({ quality: 90 }).toBuffer();
      if (format === 'png') return await image.png({ compressionLevel: 9 }).toBuffer();
      return await image.webp({ quality: 90 }).toBuffer();
    } catch {
      throw validationError(field, PEOPLE_MSG.imagesOnly);
    }
  }

  /**
   * Several images of one form (ID card front and back): all are checked and re-encoded before any is
   * stored (one 422 naming every bad field), then all are stored or none. Returns the stored names.
   */
  async storeImages<K extends string>(
    files: Partial<Record<K, UploadedFile>>,
    rule: ImageRule = ID_CARD_RULE,
  ): Promise<Partial<Record<K, string>>> {
    const clean: [K, Buffer, string][] = [];
    const errors: Record<string, string[]> = {};
    let first: string | undefined;
    for (const field of Object.keys(files) as K[]) {
      const file = files[field];
      if (!file) continue;
      try {
        const type = await this.checkImage(field, file, rule);
        clean.push([field, await this.reencodeImage(field, uploadSource(file), type, rule), type.ext]);
      } catch (error) {
        if (!(error instanceof HttpError) || !error.errors) throw error;
        Object.assign(errors, error.errors);
        first ??= error.message;
      }
    }
    if (first) throw new HttpError(422, first, errors);
    const stored: Partial<Record<K, string>> = {};
    try {
      for (const [field, data, ext] of clean) stored[field] = await this.storage.put(data, ext);
    } catch (error) {
      for (const name of Object.values<string | undefined>(stored)) if (name) await this.storage.remove(name);
      throw error;
    }
    return stored;
  }

  /** Checks the image, re-encodes it without metadata and stores it; returns the stored name. */
  async storeImage(field: string, file: UploadedFile, rule: ImageRule = ID_CARD_RULE): Promise<string> {
    const type = await this.checkImage(field, file, rule);
    const clean = await this.reencodeImage(field, uploadSource(file), type, rule);
    return this.storage.put(clean, type.ext);
  }
}
