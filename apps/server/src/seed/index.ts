export { seedReference, MODALITIES, SITE_CONFIG_DEFAULTS } from './reference';
export { seedDemo, type DemoOptions, type DemoSummary } from './demo';
export { DEMO_LOGINS, DEMO_PASSWORD } from './data/organization';
