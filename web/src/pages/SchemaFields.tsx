import { NumberInput, PasswordInput, Select, Switch, TagsInput, TextInput } from '@mantine/core';
import type { FieldSchema } from './connector-types';

type Values = Record<string, unknown>;

/** The non-null type of a field (TypeBox writes optional nullables as anyOf [T, null]). */
function baseOf(schema: FieldSchema): FieldSchema {
  if (schema.anyOf) return schema.anyOf.find((s) => s.type !== 'null') ?? schema;
  return schema;
}

const labelOf = (name: string, schema: FieldSchema) => schema.title ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The values a new form starts from: each field's default, when the schema gives one. */
export function defaultsOf(schema: FieldSchema | null | undefined): Values {
  const out: Values = {};
  for (const [name, field] of Object.entries(schema?.properties ?? {})) if (field.default !== undefined) out[name] = field.default;
  return out;
}

/**
 * The fields of a kind's config (or credentials) drawn from its JSON Schema: text, number, switch, list of values,
 * or a choice. `secret` draws text fields as password inputs (credentials are write-only: an edit leaves an empty one
 * unchanged). A field the form cannot draw (an object) is left out; its default applies.
 */
export function SchemaFields({ schema, values, onChange, secret = false, keepHint }: { schema: FieldSchema; values: Values; onChange(values: Values): void; secret?: boolean; keepHint?: string }) {
  const required = new Set(schema.required ?? []);
  const set = (name: string, value: unknown) => onChange({ ...values, [name]: value });
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([name, raw]) => {
        const field = baseOf(raw);
        const common = { key: name, label: labelOf(name, field), description: keepHint && secret ? `${field.description ?? ''} ${keepHint}`.trim() : field.description, required: required.has(name) && !keepHint };
        const value = values[name];
        if (field.enum) {
          return <Select {...common} data={field.enum.map(String)} value={value === undefined ? null : String(value)} onChange={(v) => set(name, v ?? undefined)} clearable={!required.has(name)} />;
        }
        if (field.type === 'boolean') {
          return <Switch key={name} label={common.label} description={common.description} checked={Boolean(value ?? field.default)} onChange={(e) => set(name, e.currentTarget.checked)} />;
        }
        if (field.type === 'integer' || field.type === 'number') {
          return <NumberInput {...common} min={field.minimum} max={field.maximum} value={typeof value === 'number' ? value : ''} onChange={(v) => set(name, typeof v === 'number' ? v : undefined)} />;
        }
        if (field.type === 'array') {
          return <TagsInput {...common} value={Array.isArray(value) ? (value as string[]) : []} onChange={(v) => set(name, v.length ? v : undefined)} placeholder="Type and press Enter" />;
        }
        if (field.type === 'string') {
          const Input = secret ? PasswordInput : TextInput;
          return <Input {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => set(name, e.currentTarget.value || undefined)} autoComplete="off" />;
        }
        return null;
      })}
    </>
  );
}
