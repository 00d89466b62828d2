import { Notice } from '@shop/ui';

/** Why the form sent without JavaScript was refused as a whole (wrong credentials, a limit): at the top of the form, announced. */
export function FormRefusal({ title, reason }: { title: string; reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <Notice tone="warning" role="alert">
      <strong>{title}:</strong> {reason}
    </Notice>
  );
}
