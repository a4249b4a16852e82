/** The administrator the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password-1' };

/** The platform ingest secret the e2e server is started with (INGEST_SECRET): tests post usage events with it. */
export const PLATFORM_INGEST_SECRET = 'e2e-platform-ingest-secret-0001';
