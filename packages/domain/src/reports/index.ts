export * from './report-access';
export * from './report-kind';
export * from './report-name';
