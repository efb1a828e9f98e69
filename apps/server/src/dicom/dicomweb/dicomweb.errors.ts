import { msg, type Message } from '../../i18n/catalogue';
import { DomainError, defineErrors, type ErrorKind, type ErrorOptions } from '../../http/domain-error';

/** The refusals of the DICOMweb protocol routes (WADO-RS, WADO-URI, QIDO-RS, STOW-RS). */
export const dicomwebError = defineErrors({
  NOT_ACCEPTABLE: 'not-acceptable',
  IMAGE_NOT_FOUND: 'not-found',
  IMAGE_FILE_NOT_FOUND: 'not-found',
  IMAGE_UNREADABLE: 'not-found',
  FRAME_NOT_FOUND: 'not-found',
  ELEMENT_NOT_FOUND: 'not-found',
  DICOM_ARCHIVED: 'conflict',
  BAD_FRAME_LIST: 'invalid',
  BAD_RENDERED_FRAME: 'invalid',
  CANNOT_TRANSCODE: 'not-acceptable',
  ANONYMIZE_VALUE: 'invalid',
  ANONYMIZE_UNSUPPORTED: 'not-acceptable',
  PRESENTATION_UNSUPPORTED: 'not-acceptable',
  STOW_MEDIA_TYPE: 'unsupported-media',
  STOW_PART_TYPE: 'unsupported-media',
  STOW_NO_BOUNDARY: 'invalid',
  STOW_ABORTED: 'invalid',
  STOW_EMPTY: 'invalid',
});

/** A multipart/related body that cannot be read (STOW-RS): the reader stops at the first problem. */
export class MultipartError extends DomainError {}

export const multipartError = defineErrors(
  {
    MULTIPART_BAD_BOUNDARY: 'invalid',
    MULTIPART_TOO_LARGE: 'too-large',
    MULTIPART_BAD_BOUNDARY_LINE: 'invalid',
    MULTIPART_HEADERS_TOO_LONG: 'invalid',
    MULTIPART_TOO_MANY_PARTS: 'too-large',
    MULTIPART_NO_BOUNDARY: 'invalid',
    MULTIPART_UNFINISHED: 'invalid',
  },
  MultipartError,
);

/** A rendering parameter the client got wrong; a multi-instance answer skips an instance it does not fit. */
export class BadRenderParameter extends DomainError {}

export const renderParameterError = defineErrors(
  {
    RENDER_WINDOW_FORMAT: 'invalid',
    RENDER_WINDOW_FUNCTION: 'invalid',
    RENDER_LINEAR_WIDTH: 'invalid',
    RENDER_WINDOW_WIDTH: 'invalid',
    RENDER_VIEWPORT_FORMAT: 'invalid',
    RENDER_VIEWPORT_SIZE: 'invalid',
    RENDER_VIEWPORT_REGION: 'invalid',
    RENDER_REGION_OUTSIDE: 'invalid',
    RENDER_QUALITY: 'invalid',
    RENDER_WHOLE_NUMBER: 'invalid',
    RENDER_WINDOW_PAIR: 'invalid',
    RENDER_WINDOW_CENTER: 'invalid',
    RENDER_WINDOW_WIDTH_DECIMAL: 'invalid',
    RENDER_REGION_FORMAT: 'invalid',
  },
  BadRenderParameter,
);

/** Why an instance cannot be rendered, said as "this image cannot be shown: <reason>". */
export class CannotRender extends DomainError {
  constructor(kind: ErrorKind, reason: Message, options?: ErrorOptions) {
    super(kind, msg('CANNOT_RENDER', { reason }), options);
  }
}

/** Each reason's kind: nothing to draw (not acceptable as an image), or pixel data we cannot decode. */
export const cannotRender = defineErrors(
  {
    RENDER_TOO_LARGE: 'unsupported-media',
    RENDER_UNSUPPORTED: 'unsupported-media',
    RENDER_UNREADABLE: 'unsupported-media',
    RENDER_UNDECODABLE: 'unsupported-media',
    RENDER_NO_PIXELS: 'not-acceptable',
    RENDER_NOTHING: 'not-acceptable',
  },
  CannotRender,
);
