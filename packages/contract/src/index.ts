export * from './envelope';
export * from './auth';
export * from './uidata';
export * from './exams';
export * from './patients';
export * from './dicom';
export * from './requests';
