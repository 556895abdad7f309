/**
 * A JSON Schema check for the few keywords that zod's `toJSONSchema` writes for our stored
 * records: enough for a page that must not ship zod (the popup) to check what it reads by the
 * schema derived from the zod one (lib/generated). A keyword it does not know fails the
 * check, so a schema that grows beyond this subset is noticed, never half-checked.
 */
export type JsonSchema = { [keyword: string]: unknown };

const KNOWN = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'maxItems',
  'pattern',
  'format',
]);

function isType(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return false;
  }
}

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Whether `value` satisfies `schema` (an empty schema accepts anything, as in JSON Schema). */
export function matchesSchema(schema: JsonSchema, value: unknown): boolean {
  for (const keyword of Object.keys(schema)) if (!KNOWN.has(keyword)) return false;
  const { type, properties, required, items, anyOf, pattern } = schema;
  if (typeof type === 'string' && !isType(type, value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return false;
  if ('const' in schema && schema.const !== value) return false;
  if (Array.isArray(anyOf) && !anyOf.some((option) => matchesSchema(option as JsonSchema, value))) return false;
  if (typeof value === 'string') {
    if (value.length < (num(schema.minLength) ?? 0) || value.length > (num(schema.maxLength) ?? Infinity)) return false;
    if (typeof pattern === 'string' && !new RegExp(pattern, 'u').test(value)) return false;
  }
  if (
    typeof value === 'number' &&
    (value < (num(schema.minimum) ?? -Infinity) || value > (num(schema.maximum) ?? Infinity))
  )
    return false;
  if (Array.isArray(value)) {
    if (value.length > (num(schema.maxItems) ?? Infinity)) return false;
    if (items && !value.every((item) => matchesSchema(items as JsonSchema, item))) return false;
  }
  if (isType('object', value)) {
    const record = value as Record<string, unknown>;
    if (Array.isArray(required) && !required.every((key) => typeof key === 'string' && record[key] !== undefined))
      return false;
    const shape = (properties ?? {}) as Record<string, JsonSchema>;
    for (const [key, property] of Object.entries(shape)) {
      if (key in record && record[key] !== undefined && !matchesSchema(property, record[key])) return false;
    }
  }
  return true;
}
