/** The machine-description (OpenAPI) version of the partner API. */
export const API_VERSION = '1.1.0';
/** The release of the service (changelog). */
export const SERVICE_VERSION = '2.3.0';
/** Revision of the integration guide. */
export const GUIDE_REVISION = 'v2.1';
