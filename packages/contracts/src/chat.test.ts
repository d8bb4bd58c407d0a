import { describe, expect, it } from 'vitest';
import { leadOfMessage } from './chat';

describe('leadOfMessage', () => {
  it('reads a sent form from its system message', () => {
    const metadata = {
      formSubmissionId: 3,
      formTitle: ' Contact our team ',
      emailSent: true,
      formData: [
        { id: 'name', label: 'Name', type: 'text', value: ' Vera ' },
        { id: 'seats', label: '', value: 4 },
        { label: 'Phone', value: '555' },
        { value: 'nobody names me' },
        'junk',
      ],
    };
    expect(leadOfMessage({ messageType: 'system', metadata })).toEqual({
      formTitle: 'Contact our team',
      emailSent: true,
      fields: [
        { id: 'name', label: 'Name', type: 'text', value: 'Vera' },
        { id: 'seats', label: 'seats', type: 'text', value: '4' },
        { id: 'Phone', label: 'Phone', type: 'text', value: '555' },
      ],
    });
  });

  it('is null for other messages, and names an untitled form "Form"', () => {
    expect(leadOfMessage({ messageType: 'system', metadata: { note: 'internal' } })).toBeNull();
    expect(leadOfMessage({ messageType: 'text', metadata: { formSubmissionId: 1 } })).toBeNull();
    expect(leadOfMessage({ messageType: 'system', metadata: null })).toBeNull();
    expect(leadOfMessage({ messageType: 'system', metadata: { formSubmissionId: 1, formData: 'x' } })).toEqual({ formTitle: 'Form', fields: [], emailSent: false });
  });
});
