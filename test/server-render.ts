// Server components rendered in-process, as the App Router would: server components are called
// (awaited when async) until only host elements and client components remain. That tree is what
// the RSC payload encodes (client components travel as references with their props), and
// react-dom/server turns it into the HTML. No Next.js runtime: a test mocks `next/headers`.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

const root = path.resolve(import.meta.dirname, '..');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The exports of every `'use client'` module under `dirs`: those components are not called on
 * the server; their props are sent to the browser as they are.
 */
export async function clientComponents(dirs: string[]): Promise<Set<unknown>> {
  const found = new Set<unknown>();
  for (const dir of dirs) {
    for (const file of await filesUnder(dir)) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      if (!/^\s*['"]use client['"]/.test(await readFile(file, 'utf8'))) continue;
      for (const value of Object.values(await import(/* @vite-ignore */ file))) {
        if (typeof value === 'function') found.add(value);
      }
    }
  }
  return found;
}

/** The tree with every server component replaced by what it renders. */
export async function resolveServerTree(node: unknown, client: Set<unknown>): Promise<ReactNode> {
  if (node instanceof Promise) return resolveServerTree(await node, client);
  if (Array.isArray(node)) return Promise.all(node.map((child) => resolveServerTree(child, client)));
  if (!isValidElement(node)) return node as ReactNode;
  const { type, props } = node as ReactElement<Record<string, unknown>>;
  if (typeof type === 'function' && !client.has(type)) {
    return resolveServerTree(await (type as (props: unknown) => unknown)(props), client);
  }
  // Host elements, fragments and client components: what they are given may hold server components.
  const { children, ...rest } = props;
  const resolved: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(rest)) {
    if (isValidElement(value) || Array.isArray(value))
      resolved[name] = await resolveServerTree(value, client);
  }
  if (children === undefined) return cloneElement(node, resolved);
  // Spread as JSX passes static children, so React does not ask them for keys.
  const kids = Array.isArray(children)
    ? ((await resolveServerTree(children, client)) as ReactNode[])
    : [await resolveServerTree(children, client)];
  return cloneElement(node, resolved, ...kids);
}

/**
 * The resolved tree as text, near enough to its RSC payload: host elements with their attributes
 * and text, client components by name with every prop they are sent (functions by name).
 */
export function treePayload(tree: ReactNode): string {
  return JSON.stringify(tree, (_key, value: unknown) => {
    if (isValidElement(value)) {
      const { type, props } = value as ReactElement<Record<string, unknown>>;
      const named = type as { displayName?: string; name?: string };
      return {
        type: typeof type === 'string' ? type : (named.displayName ?? named.name ?? 'anonymous'),
        props,
      };
    }
    if (typeof value === 'function') return `[function ${value.name}]`;
    if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
    return value;
  });
}

/** The HTML and the payload of a resolved tree. */
export function renderTree(tree: ReactNode): { html: string; payload: string } {
  return { html: renderToString(tree), payload: treePayload(tree) };
}
