import { useTranslation } from 'react-i18next';
import { FormDateTimeField } from '../../../shared/ui/form-date-fields.tsx';
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
      <FormDateTimeField
        control={control}
        name="availabilityDate"
        label={t('listings:editor.fields.availabilityDate')}
        helperText={t('listings:editor.availabilityDateHelp')}
      />
    </>
  );
}
