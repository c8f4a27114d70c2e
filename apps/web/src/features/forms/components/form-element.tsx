import { lazy, Suspense } from 'react';
import { formElementKind, formValueField, isRequired, type TFormElement } from '@portal/contract';
import { PhotoInput } from '../../../ui/photo-input';
import { Loading } from '../../../ui/states';
import { ContactInput } from './contact-input';
import { DrawingInput } from './drawing-input';
import { AgreeInput, DateInput, NumberInput, SelectInput, TextInput, TimeInput, TitleElement } from './element-inputs';
import type { ElementEnv } from './element-env';

// signature_pad is loaded only when a signature is drawn.
const SignaturePadField = lazy(() => import('../../../ui/signature-pad'));

/**
 * One renderer for the elements of every form family (f_*, the intake's unprefixed types, c_*, sb_*):
 * the element's kind decides the input, the family its rules and hints (form-rules.ts).
 */
export function FormElement({ element, env }: { element: TFormElement; env: ElementEnv }) {
  const kind = formElementKind(env.family, element.type);
  if (!kind) return null;
  const field = formValueField(element.id);
  switch (kind) {
    case 'title':
    case 'addressinput':
      return <TitleElement element={element} />;
    case 'textinput':
      return <TextInput element={element} env={env} multiline={false} />;
    case 'textareainput':
      return <TextInput element={element} env={env} multiline />;
    case 'numberinput':
      return <NumberInput element={element} env={env} />;
    case 'calculatorinput':
      return <NumberInput element={element} env={env} decimals />;
    case 'timeinput':
      return <TimeInput element={element} env={env} />;
    case 'dateinput':
      return <DateInput element={element} env={env} />;
    case 'select':
    case 'choice':
      return <SelectInput element={element} env={env} />;
    case 'agreeinput':
      return <AgreeInput element={element} env={env} />;
    case 'contactinput':
      return <ContactInput element={element} env={env} />;
    case 'drawinginput':
      return <DrawingInput element={element} env={env} />;
    case 'photoinput':
      return (
        <PhotoInput
          field={field}
          label={element.data.label ?? ''}
          required={isRequired(env.family, element)}
          error={env.errors[field]}
          photo={env.photos[element.id] ?? null}
          disabled={env.readOnly}
          onUpload={(file, onProgress) => env.upload(element.id, file, onProgress)}
          onPhoto={(photo) => env.setPhoto(element.id, photo)}
          onError={(message) => env.setFieldError(field, message)}
        />
      );
    case 'signatureinput':
      return (
        <Suspense fallback={<Loading />}>
          <SignaturePadField
            field={field}
            label={element.data.label ?? ''}
            required={isRequired(env.family, element)}
            error={env.errors[field]}
            value={typeof env.values[element.id] === 'string' ? (env.values[element.id] as string) : null}
            onChange={(value) => env.setValue(element.id, value)}
            disabled={env.readOnly}
          />
        </Suspense>
      );
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** A section's elements, one below the other. */
export function FormElements({ elements, env }: { elements: readonly TFormElement[]; env: ElementEnv }) {
  return (
    <div className="flex flex-col gap-5">
      {elements.map((element) => <FormElement key={element.id} element={element} env={env} />)}
    </div>
  );
}
