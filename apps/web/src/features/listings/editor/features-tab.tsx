import { useTranslation } from 'react-i18next';
import { EditorCheckbox, EditorField } from '../components/editor-fields.tsx';
import type { EditorControl } from './editor-control.ts';

/** The Features tab: documentation link, subscription and online payment, availability date. */
export function FeaturesTab({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  return (
    <>
      <EditorField control={control} name="serviceDocumentationLink" label={t('listings:editor.fields.serviceDocumentationLink')} type="url" />
      <EditorCheckbox control={control} name="allowSubscription" label={t('listings:editor.fields.allowSubscription')} />
      <EditorCheckbox control={control} name="allowOnlinePayment" label={t('listings:editor.fields.allowOnlinePayment')} />
      <EditorField
        control={control}
        name="availabilityDate"
        type="datetime-local"
        label={t('listings:editor.fields.availabilityDate')}
        helperText={t('listings:editor.availabilityDateHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}
