export * from './egfr';
export * from './product-price';
export * from './accession-number';
export * from './required-documents';
export * from './field-dependency';
