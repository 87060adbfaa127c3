import { loader } from '@monaco-editor/react';
import * as api from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';

/**
 * Monaco bundled with the console, never fetched from a CDN (the product runs without internet): the
 * editor's API with the features a JSON editor uses and the JSON language only (no TypeScript, CSS or
 * HTML workers); its workers are built by Vite, and @monaco-editor/react is handed this copy instead of
 * loading its own. Imported only by the GeoJSON editor's lazy page, so the first bundle does not carry it.
 */
self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

export const monaco = { ...api, json: { jsonDefaults } };
loader.config({ monaco });

export type { api as MonacoApi };
