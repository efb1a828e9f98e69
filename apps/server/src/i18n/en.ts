import type { th } from './th';

/**
 * The server's messages in English, for a request whose Accept-Language prefers en. The spec's English wording where it
 * gives one (docs/product-spec.md §5, §8). Every Thai code needs its entry here with the same {placeholders}: a
 * missing or extra code fails typecheck; a placeholder missing in either language fails it too (catalogue.ts).
 */
export const en = {
  VERBATIM: '{text}',

  // http/
  NOT_FOUND: 'No result',
  FORBIDDEN: 'You do not have permission to use this',
  UNAUTHORIZED: 'Please sign in',
  SOMETHING_WRONG: 'Something went wrong!',
  INVALID: 'Invalid value',
  VALIDATION_FAILED: 'Invalid input ({where}): {issues}',
  INVALID_INPUT: '{issues}',
  BAD_REQUEST: 'Bad request',
  INVALID_JSON: 'The JSON is not valid',
  EMPTY_BODY: 'Nothing was sent',
  MALFORMED_UPLOAD: 'The upload is incomplete: please send the file again',
  BODY_TOO_LARGE: 'What was sent is larger than allowed',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported',
  INVALID_URL: 'Invalid URL',
  INVALID_CHARACTER: 'The input holds a character that cannot be used (invalid character): {field}',
  INVALID_CHARACTER_FIELD: 'Invalid character',
  CROSS_SITE: 'Cross-site request refused: it was sent from another website',
  TOO_MANY_ATTEMPTS: 'Too many attempts: try again in {seconds} seconds',

  // auth/
  TOKEN_EXPIRED: 'This link has expired: please open it again',
  UNDECLARED_ROUTE: 'You do not have permission to use this',
  LINK_NOT_FOUND: 'This link does not exist or has expired',
  BAD_CREDENTIALS: 'Wrong username or password',
  LOCKED: 'This account is locked for now: please contact your administrator',

  // dicom/query/ (QIDO-RS and C-FIND keys; protocol words, the same in both languages)
  QIDO_REPEATED: '{name} given more than once',
  QIDO_BAD_VALUE: '{name}: value too long or with control characters',
  QIDO_EXPECTED_UIDS: '{name}: expected UIDs (digits and dots)',
  QIDO_EXPECTED_CODES: '{name}: expected code values',
  QIDO_EXPECTED_DATE: '{name}: expected a date YYYYMMDD or a range YYYYMMDD-YYYYMMDD',
  QIDO_NOT_A_DATE: '{name}: not a calendar date',
  QIDO_BACKWARD_RANGE: '{name}: range ends before it starts',
  QIDO_EXPECTED_INTEGER: '{name}: expected an integer',
  QIDO_EXPECTED_TEXT: '{name}: expected 1-256 characters',
  QIDO_INTEGER_RANGE: '{name} must be an integer from {min} to {max}',
  QIDO_FUZZY: 'fuzzymatching must be true or false',
  QIDO_UNKNOWN_INCLUDE: 'includefield: unknown attribute {name}',
  QIDO_TOO_MANY_INCLUDES: 'includefield: too many attributes',
  QIDO_UNKNOWN_PARAMETER: 'unknown query parameter {name}',
  QIDO_WRONG_LEVEL: '{key} is not a {level}-level key',

  // dicom/dicomweb/ (WADO, STOW, rendered; the English-only texts are protocol words, kept as they are)
  NOT_ACCEPTABLE: 'The requested format is not offered: this resource answers {what}',
  IMAGE_NOT_FOUND: 'Image not found',
  IMAGE_FILE_NOT_FOUND: 'The image file was not found',
  IMAGE_UNREADABLE: 'This image cannot be read',
  FRAME_NOT_FOUND: 'The image has no such frame',
  ELEMENT_NOT_FOUND: 'The image has no such attribute',
  DICOM_ARCHIVED: 'This image was moved to long-term storage (Archive): unzip it before viewing',
  BAD_FRAME_LIST: 'frames: 1-based frame numbers separated by commas',
  BAD_RENDERED_FRAME: 'frames: one 1-based frame number (rendered frames are answered one at a time)',
  CANNOT_TRANSCODE:
    'The image cannot be sent in the requested form: it cannot be rewritten in {syntax} (its pixels cannot be decoded, or it is over 64 MB); ask without transferSyntax',
  ANONYMIZE_VALUE: 'anonymize: the only value is yes',
  ANONYMIZE_UNSUPPORTED: 'anonymize=yes: this server does not de-identify images; ask without anonymize',
  PRESENTATION_UNSUPPORTED: 'presentationUID: presentation states are not applied by this server; ask without it',
  STOW_MEDIA_TYPE: 'Only multipart/related; type="application/dicom" can be stored',
  STOW_PART_TYPE: 'Only type="application/dicom" is supported',
  STOW_NO_BOUNDARY: 'The multipart/related content type has no boundary',
  STOW_ABORTED: 'The upload was cut off',
  STOW_EMPTY: 'The request holds no DICOM file',
  MULTIPART_BAD_BOUNDARY: 'invalid multipart boundary',
  MULTIPART_TOO_LARGE: 'request body too large',
  MULTIPART_BAD_BOUNDARY_LINE: 'malformed multipart boundary line',
  MULTIPART_HEADERS_TOO_LONG: 'multipart part headers too long',
  MULTIPART_TOO_MANY_PARTS: 'too many parts',
  MULTIPART_NO_BOUNDARY: 'no multipart boundary found',
  MULTIPART_UNFINISHED: 'multipart body ends before its closing boundary',
  CANNOT_RENDER: 'This image cannot be shown: {reason}',
  RENDER_TOO_LARGE: 'this image is too large to render on the server; retrieve it as DICOM',
  RENDER_UNSUPPORTED: '{detail}; retrieve it as DICOM',
  RENDER_UNREADABLE: 'the stored file cannot be read as an image',
  RENDER_NO_PIXELS: 'this instance has no image to render (no pixel data); retrieve it as DICOM',
  RENDER_UNDECODABLE:
    'the pixel data cannot be decoded for rendering ({detail}; transfer syntax {syntax}); retrieve it as DICOM',
  RENDER_NOTHING: 'nothing here can be rendered as an image',
  RENDER_WINDOW_FORMAT: 'window: expected center,width[,function], e.g. window=40,80',
  RENDER_WINDOW_FUNCTION: 'window: function must be LINEAR, LINEAR_EXACT or SIGMOID',
  RENDER_LINEAR_WIDTH: 'window: width must be at least 1',
  RENDER_WINDOW_WIDTH: 'window: width must be greater than 0',
  RENDER_VIEWPORT_FORMAT: 'viewport: expected vw,vh or vw,vh,sx,sy,sw,sh, e.g. viewport=512,512',
  RENDER_VIEWPORT_SIZE: 'viewport: width and height must be 1 to {max}',
  RENDER_VIEWPORT_REGION: 'viewport: sx and sy must not be negative, sw and sh not 0',
  RENDER_REGION_OUTSIDE: 'viewport: the source region must lie inside the {width}×{height} image',
  RENDER_QUALITY: 'quality: a whole number from 1 to 100',
  RENDER_WHOLE_NUMBER: '{name}: a whole number from {min} to {max}',
  RENDER_WINDOW_PAIR: 'windowCenter and windowWidth: give both or neither',
  RENDER_WINDOW_CENTER: 'windowCenter: a decimal number, e.g. windowCenter=40',
  RENDER_WINDOW_WIDTH_DECIMAL: 'windowWidth: a decimal number of at least 1, e.g. windowWidth=400',
  RENDER_REGION_FORMAT:
    'region: x1,y1,x2,y2 as fractions from 0 to 1 with x1 < x2 and y1 < y2, e.g. region=0.25,0.25,0.75,0.75',

  // modules/viewer/
  SERIES_NOT_FOUND: 'Series not found',
  ORIENTATION_NOT_FOUND: 'No images in this orientation',
  SERIES_EMPTY: 'This series has no images',
  NO_THUMBNAIL: 'This series has no thumbnail',
} as const satisfies { readonly [C in keyof typeof th]: string };
