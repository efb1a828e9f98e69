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

  // http/ uploads (spec §5: a file must be chosen; the spec's words in both languages)
  NO_FILE: 'Please select file.',
  EMPTY_FILE: 'Please select file.',

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

  // modules/patients/
  PATIENT_NOT_FOUND: 'Patient not found',
  BAD_PHONE: 'Invalid phone number',
  NO_CRITERIA: 'Fill in at least one search field',
  BIRTH_DATE_IN_FUTURE: 'The birth date cannot be in the future',
  PASSWORD_REQUIRED: 'Please specify',
  WRONG_PASSWORD: 'Wrong password',
  NATIONAL_NUMBER_TAKEN: 'This national ID number is already registered',
  HN_TAKEN: 'This HN is already registered',
  PATIENT_CONFLICT: 'Another user has changed this patient: please reload',
  HN_EXHAUSTED: 'Could not make an HN: please try again',
  NOT_AN_IMAGE: 'The file is not a supported image (JPEG, PNG, WebP)',
  PHOTO_TOO_LARGE: 'The photo is larger than 5 MB',
  NO_PHOTO: 'This patient has no photo yet',
  CAPTURE_NOT_FOUND: 'No such photo capture',
  CAPTURE_GONE: 'This photo link has expired or was already used: make a new QR code',
  CAPTURE_LINK_INVALID: 'Invalid link',

  // modules/users/ (account creation from the command line: English, as the command's help)
  BAD_USERNAME: 'username: 3-50 letters, digits, . _ -',
  BAD_ROLE: 'role must be one of the role names',
  WEAK_PASSWORD: 'password: at least 10 characters',
  DUPLICATE: 'username already exists',
  NEEDS_HOSPITAL: '{role} users need --hospital',
  NEEDS_BRANCH: '{role} users need --branch',
  UNKNOWN_CODE: 'unknown {kind} code {code}',

  // modules/unmatched-studies/
  STUDY_NOT_UNMATCHED: 'These images were matched to another exam or deleted already',
  UNMATCHED_FORBIDDEN: 'You may not see images that have no exam yet',

  // modules/documents/
  DOCUMENT_BAD_TYPE:
    'This file type is not supported: documents accept .jpg, .jpeg, .png, .tiff, .pdf, .doc, .docx, .ppt, .pptx, .xls, .xlsx, .txt',
  DOCUMENT_NOT_FOUND: 'Document not found',

  // modules/backup/
  BACKUP_UNSUPPORTED:
    "This database runs on its own server: back it up with that server's tools (see Backup and restore in the README)",
  BACKUP_RUNNING: 'A backup is already running: wait for it to finish',
  BACKUP_STARTED: 'Backup started',

  // modules/dicom-export/
  EXPORT_NO_IMAGES: 'This exam has no DICOM images to export yet',
  EXPORT_ARCHIVED: 'The images of this exam are archived: unzip them before exporting',
  EXPORT_NOT_PREPARED: 'The file is not ready: it was not prepared, or it has expired. Please check again',
  EXPORT_PREPARING: 'The export file is being prepared: please wait a moment',
  EXPORT_FILES_MISSING: 'The file could not be prepared: some image files are missing from the archive',
  EXPORT_FAILED: 'The export file could not be prepared: please try again',
  EXPORT_PROGRESS: 'Preparing the export file ({done}/{total})',
} as const satisfies { readonly [C in keyof typeof th]: string };
