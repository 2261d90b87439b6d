import type { Control } from 'react-hook-form';
import type { EditorValues } from '../editor-model.ts';

/** The editor form's control: the page owns the form, each tab binds its fields to it. */
export type EditorControl = Control<EditorValues>;
