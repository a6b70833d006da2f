// A small reader of schema.prisma for the drift tests: the models, their scalar fields, keys,
// indexes and relations, with the names Prisma gives their constraints and indexes.
import fs from "node:fs";

const SCALARS = new Set([
  "String",
  "Int",
  "BigInt",
  "Float",
  "Decimal",
  "Boolean",
  "DateTime",
  "Json",
  "Bytes",
]);

export type TSchemaField = {
  name: string;
  type: string;
  optional: boolean;
  /** The field line's attributes as written (`@id @default(uuid())`). */
  attributes: string;
};

export type TSchemaModel = {
  name: string;
  fields: TSchemaField[];
  /** Primary key columns. */
  id: string[];
  /** Unique indexes: Prisma's name → columns. */
  unique: Map<string, string[]>;
  /** Plain indexes: Prisma's name → columns. */
  indexes: Map<string, string[]>;
  /** Foreign keys: Prisma's name → {columns, table, references, onDelete}. */
  foreignKeys: Map<string, { columns: string[]; table: string; references: string[]; onDelete: string }>;
};

const list = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** Reads every model of a schema file (datasource and generator blocks are ignored). */
export function readSchemaModels(file: string): Map<string, TSchemaModel> {
  const schema = fs.readFileSync(file, "utf8");
  const models = new Map<string, TSchemaModel>();
  for (const [, name, body] of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const model: TSchemaModel = {
      name,
      fields: [],
      id: [],
      unique: new Map(),
      indexes: new Map(),
      foreignKeys: new Map(),
    };
    for (const line of body.split("\n")) {
      const block = /^\s+@@(index|unique|id)\(\[([^\]]*)\]/.exec(line);
      if (block) {
        const columns = list(block[2]);
        if (block[1] === "id") model.id = columns;
        else if (block[1] === "unique") model.unique.set(`${name}_${columns.join("_")}_key`, columns);
        else model.indexes.set(`${name}_${columns.join("_")}_idx`, columns);
        continue;
      }
      const field = /^\s+(\w+)\s+(\w+)(\?|\[\])?\s*(.*)$/.exec(line);
      if (!field || line.trimStart().startsWith("//")) continue;
      const [, fieldName, type, modifier, attributes] = field;
      const relation = /@relation\(fields: \[([^\]]*)\], references: \[([^\]]*)\](?:, onDelete: (\w+))?/.exec(
        attributes,
      );
      if (relation) {
        const columns = list(relation[1]);
        model.foreignKeys.set(`${name}_${columns.join("_")}_fkey`, {
          columns,
          table: type,
          references: list(relation[2]),
          onDelete: relation[3] ?? "Restrict",
        });
      }
      if (!SCALARS.has(type) || modifier === "[]") continue;
      model.fields.push({ name: fieldName, type, optional: modifier === "?", attributes: attributes.trim() });
      if (/@id\b/.test(attributes)) model.id = [fieldName];
      if (/@unique\b/.test(attributes)) model.unique.set(`${name}_${fieldName}_key`, [fieldName]);
    }
    models.set(name, model);
  }
  return models;
}
