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
  FIELD_ISSUE: '{field} {message}',
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

  // modules/radiology-reports/gateway/
  GATEWAY_REPORT_NOT_FOUND: 'Finished report not found',
  REPORT_NO_EXAM: 'This report belongs to no exam, so it cannot be sent to the hospital',
  REPORT_AWAITS_AUDIT:
    'This report is waiting for audit (WaitingForAudit): it can be sent to the hospital once approved',
  REPORT_AUDIT_REJECTED: 'The approver returned this report, so it cannot be sent to the hospital',
  REPORT_NO_ACCESSION: 'This exam has no accession number yet, so the report cannot be sent to the hospital',
  REPORT_NO_TEXT: 'This report has no text to send',

  // modules/radiology-reports/
  REPORT_EXAM_NOT_FOUND: 'Exam not found',
  REPORT_NAME_NOT_FOUND: 'No report by this name',
  FINISHED_REPORT_NOT_FOUND: 'No such report version',
  REPORT_WAITING_FOR_AUDIT:
    'This report is waiting for audit (WaitingForAudit): it opens once approved, or for the reader and those who may approve or edit reports',
  REPORT_FORBIDDEN: 'You may not view this report',
  REPORT_READ_ONLY_ROLE: 'Hospital users read reports only',
  REPORT_NOT_ACCEPTED: 'Accept the case before writing the report',
  REPORT_NOT_REVIEWER: 'Only the assigned reader or someone allowed to edit reports writes this report',
  REPORT_WRONG_STATE: 'This exam is not in a state where its report can be written',
  REPORT_READ_ONLY: 'You may not write this report',
  FINISHED_REPORT_IMMUTABLE:
    'A finished report cannot be edited: to correct it, write an addendum, which becomes a new version',
  REPORT_VERSION_TAKEN:
    'This report is finished up to version {latest}, and finished versions cannot be edited: reopen the report to see the latest version, then write an addendum to correct it',
  REPORT_VERSION_INVALID: "The report's version number is not valid: please reopen the report",
  REPORT_DRAFT_CONFLICT: 'The draft was saved from another window: the latest text is shown instead',
  REPORT_KIND_NOT_ALLOWED: 'There is a final report already: the next version must be an addendum',
  IMPRESSION_REQUIRED: 'Write the impression before finishing the report',
  ADDENDUM_REQUIRED: 'Say in the addendum what it corrects or adds',

  // modules/billing/
  BILLING_NO_BRANCH: 'Your account has no branch, so it cannot use billing',
  BILLING_HOSPITAL_NOT_FOUND: 'Hospital not found in your branch',
  BILLING_NOT_FOUND: 'Billing not found',
  BILLING_RECEIPT_NOT_FOUND: 'Receipt not found',
  BILLING_LINE_NOT_FOUND: 'This request is not in the billing',
  PRIVILEGE_NOT_OF_HOSPITAL: "The chosen privilege is not one of this hospital's",
  DUPLICATE_REQUESTS: 'The same request is listed twice',
  BILLING_REQUESTS_REFUSED: '{reasons}',
  REQUESTS_MISSING: 'Cannot make the billing: {n} request(s) not found, or not of this branch, hospital or privilege',
  REQUESTS_DELETED: 'Cannot make the billing: {n} request(s) deleted or on hold',
  REQUESTS_OUT_OF_RANGE: 'Cannot make the billing: {n} request(s) with an appointment outside the date range',
  REQUESTS_PAID: 'Cannot make the billing: {n} request(s) already paid',
  SOME_PAID: 'Some requests are already paid',
  PAID_ELSEWHERE: 'This request is already paid in another billing',
  PAID_BY_RECEIPT: 'This was paid by a receipt: void the receipt instead',
  NOT_IN_BATCH: '{n} request(s) not in this billing',
  AMOUNT_OVER_LINES: "The amount cannot be above the selected lines' total of {max} baht",
  RECEIPT_VOIDED: 'The receipt is already voided',
  RECEIPT_VOIDED_FILE: 'The receipt is voided and cannot be printed',
  BILLING_BAD_CURSOR: 'Invalid next-page cursor',
  BILLING_CREATED: 'Billing created',
  RECEIPT_ISSUED: 'Receipt issued',
  RECEIPT_VOID_DONE: 'Receipt voided',

  // modules/accounting/
  ACC_CHOOSE_BRANCH: 'Choose a branch',
  ACC_BRANCH_NOT_FOUND: 'No such branch',
  ACC_RECEIPT_NOT_FOUND: 'No such receipt',
  ACC_BAD_RECEIPT: 'Enter a valid receipt number and look it up',
  ACC_RECEIPT_NOT_CHEQUE: 'This receipt was not paid by cheque: enter a valid receipt number',
  RECEIPT_ALREADY_RECORDED: 'This receipt is already recorded as an exam fee',
  ACC_FUTURE_DATE: 'The date cannot be in the future',
  ACC_RANGE: 'Invalid dates: from must not be after to, and at most 366 days apart',
  ACC_METHOD: 'No such payment method: choose the type',
  ACC_ENTRY_NOT_FOUND: 'No such entry',
  NO_ATTACHMENT: 'This entry has no attachment',
  ATTACHMENT_BAD_TYPE: 'Attachments must be JPEG, PNG or PDF',
  ATTACHMENT_TOO_LARGE: 'Attachments can be at most {mb} MB',
  ATTACHMENT_ONE_FILE: 'One attachment at a time',
  ACC_TOO_MANY_LINES: 'Too many items were sent (at most 100 expense lines)',
  ACC_FIELD_TOO_LONG: '{field}: too long',
  ACC_NOT_MULTIPART: 'Send the form as multipart/form-data',
  ACCOUNTING_SAVED: 'Saved',

  // modules/report-engine/
  REPORT_UNKNOWN: 'No report named "{name}"',
  REPORT_ENGINE_FORBIDDEN: 'You may not run this report',
  REPORT_BRANCH_FORBIDDEN: "You may not see this branch's reports",
  REPORT_DOCTOR_FORBIDDEN: 'Doctors may see their own reports only',
  REPORT_PARAMS_INVALID: 'Invalid report parameters: {issues}',
  REPORT_FORM_BODY: 'Report parameters must be a form (name=value)',
  REPORT_CHOOSE_BRANCH: 'Choose a branch',
  REPORT_BRANCH_UNKNOWN: 'The chosen branch was not found',
  REPORT_DOCTOR_UNKNOWN: 'The chosen doctor was not found',
  REPORT_DATE_ORDER: 'The start date must not be after the end date',
  REPORT_PERIOD_TOO_LONG: 'The report can cover at most {max} {unit}',
  REPORT_UNIT_DAYS: 'days',
  REPORT_UNIT_MONTHS: 'months',
  REPORT_REQUEST_NOT_FOUND: 'Request not found',
  REPORT_REQUEST_HOLD:
    'This request waits for its special price to be approved (Hold): it can be printed once approved',
  REPORT_REQUEST_NO_TIME: 'Please specify the exam time',
  REPORT_REQUEST_NO_ACCESSION: 'This request has no accession number yet',
  REPORT_PAGE_TITLE: 'The report cannot be shown',

  // modules/weasis/ (the manifest's message, shown by Weasis)
  WEASIS_ARCHIVED: 'The images of this exam are archived: unzip them before viewing',
  WEASIS_NO_IMAGES: 'This exam has no images yet',
} as const satisfies { readonly [C in keyof typeof th]: string };
