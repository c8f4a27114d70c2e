import { STAFF_DOCUMENT_MAX_BYTES, staffContentBMessages } from '@portal/contract';
import { documentFileProblem as problemOf, FileField as Field, type DocumentFileRules, type FileFieldProps } from '../../ui/file-field';
import { texts } from './texts';

const rules: DocumentFileRules = {
  maxBytes: STAFF_DOCUMENT_MAX_BYTES, missing: staffContentBMessages.fileMissing, type: staffContentBMessages.documentType, tooLarge: staffContentBMessages.fileTooLarge,
};

/** The browser's check of a chosen document (the server checks the content again): a PDF, png or jpeg of at most 20 MB. */
export const documentFileProblem = (file: File | null) => problemOf(file, rules);

/** The console's document field (ui/file-field.tsx) with its hint. */
export function FileField(props: Omit<FileFieldProps, 'hint'>) {
  return <Field hint={texts.documents.fileHint} {...props} />;
}
