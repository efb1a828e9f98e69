export * from './auth/permission-codes';
export * from './auth/roles';
export * from './auth/menu';
export * from './auth/return-url';
export * from './exams/exam-status';
export * from './exams/urgency';
export * from './exams/countdown';
export * from './exams/can-open-report';
