export * from './organization';
export * from './users';
export * from './patients';
export * from './requests';
export * from './exams';
export * from './dicom';
export * from './billing';
export * from './audit';
