// The one list of data-processing methods. Adding one is adding its folder and a line here.
import type { FormField, ProcessingItem, VariableInfo } from '@labstat/contracts';
import { renderFields, type Params } from '@labstat/tools';
import type { ProcessingMethod } from './method.js';
import { CLEANING_METHODS } from './groups/cleaning.js';
import { RESTRUCTURE_METHODS } from './groups/restructure.js';

/** Every method, in the order of the screen's list; each group file lists its methods one per line. */
export const PROCESSING_METHODS: readonly ProcessingMethod[] = [...CLEANING_METHODS, ...RESTRUCTURE_METHODS];

export function processingById(id: number): ProcessingMethod | undefined {
  return PROCESSING_METHODS.find((m) => m.definition.id === id);
}

const fieldBase = (id: number) => id * 100 + 51;

/** GET /anatools/v2/dataProcessing/list: every method with its form before a file is chosen. */
export function processingList(): ProcessingItem[] {
  return PROCESSING_METHODS.map(({ definition: d }) => ({ id: d.id, toolname: d.name, discription: d.description, params: renderFields(d.fields, fieldBase(d.id)) }));
}

/**
 * GET /anatools/v2/dataProcessing/params-rule: the form for a chosen file — column fields list its
 * columns, file fields list the user's other files.
 */
export function processingFields(m: ProcessingMethod, variables: readonly VariableInfo[], files: ReadonlyArray<{ _fid: string; filename: string }>, values: Params = {}): FormField[] {
  const fileFields = new Set(m.definition.fileFields ?? []);
  return renderFields(m.definition.fields, fieldBase(m.definition.id), variables, values).map((f) =>
    fileFields.has(f.filed) ? { ...f, option: files.map((x) => ({ lable: x.filename, value: x._fid })) } : f,
  );
}
