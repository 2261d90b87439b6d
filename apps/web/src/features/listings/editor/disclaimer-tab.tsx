import { useTranslation } from 'react-i18next';
import { EditorField } from '../components/editor-fields.tsx';
import type { EditorControl } from './editor-control.ts';

/** The Disclaimer tab: one free-text field. */
export function DisclaimerTab({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  return <EditorField control={control} name="disclaimer" label={t('listings:editor.fields.disclaimer')} multiline minRows={4} />;
}
