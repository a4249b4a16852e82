/**
 * Examples of the partner-API operations in the OpenAPI document, by operationId: the request
 * body and the answer of each documented status. test/foundation/openapi.test.ts validates each
 * against its schema and sends each request to the server, expecting the first documented 2xx.
 */
export interface OperationExamples {
  request?: unknown;
  responses: Record<string, unknown>;
}

export const OPERATION_EXAMPLES: Record<string, OperationExamples> = {};
