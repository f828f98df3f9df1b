// What every answer of the API must be, read from the OpenAPI document it serves: a documented
// status, never a 5xx, errors in the envelope with a code the document names for that status, and
// 2xx bodies that match the documented schema.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './schema-arbitrary';

export interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
  security?: unknown[];
}

export interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: document.components });
  }

  /** A problem with `answer` to `operation`, or null when it keeps the contract. */
  check(operation: OpenApiOperation, answer: Answer): string | null {
    if (answer.status >= 500) return `server error ${answer.status}: ${answer.text.slice(0, 300)}`;
    const documented = operation.responses[String(answer.status)];
    if (!documented) return `undocumented status ${answer.status}: ${answer.text.slice(0, 200)}`;
    if (answer.status === 204 || answer.status === 304) return null;
    const contentType = answer.headers.get('content-type') ?? '';
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return null;
    if (!contentType.startsWith('application/json'))
      return `content-type ${contentType} for ${answer.status}`;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `a ${answer.status} whose body is not JSON: ${answer.text.slice(0, 200)}`;
    }
    if (answer.status >= 400) {
      const problem = this.envelopeProblem(documented, body);
      if (problem) return problem;
      if (!answer.headers.get('x-request-id')) return `a ${answer.status} without x-request-id`;
    }
    const validate = this.validator(`${operation.operationId} ${answer.status}`, schema);
    if (!validate(body)) {
      const [first] = validate.errors ?? [];
      return `${answer.status} body does not match its schema: ${first?.instancePath || '/'} ${first?.message}`;
    }
    return null;
  }

  private envelopeProblem(documented: OpenApiResponse, body: unknown): string | null {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (typeof error?.code !== 'string' || typeof error.message !== 'string' || error.message === '') {
      return `error outside the envelope: ${JSON.stringify(body).slice(0, 200)}`;
    }
    // Each error response's description names its codes as `code`.
    if (documented.description && !documented.description.includes(`\`${error.code}\``)) {
      return `error code ${error.code} is not among those documented for this status`;
    }
    return null;
  }

  private validator(key: string, schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(withAbsoluteRefs(schema));
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** Points `#/components/...` at the document registered as `openapi`. */
function withAbsoluteRefs(schema: JsonSchema): JsonSchema {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"openapi#/components/'),
  );
}
