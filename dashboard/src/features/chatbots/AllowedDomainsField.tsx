import { useFormContext } from 'react-hook-form';
import { TextAreaField } from '../../components/Field';
import type { ChatbotFormValues } from './chatbotFormValues';

/** Which sites may embed the bot: host names, one per line or separated by commas; empty allows any site. */
export function AllowedDomainsField() {
  const { register, formState } = useFormContext<ChatbotFormValues>();
  return (
    <TextAreaField
      label="Allowed domains"
      rows={3}
      spellCheck={false}
      autoCapitalize="off"
      placeholder={'example.com\n*.example.com'}
      {...register('allowedDomains')}
      error={formState.errors.allowedDomains?.message}
      hint="Leave empty to allow any site. One host per line or separated by commas; *.example.com allows its subdomains."
    />
  );
}
