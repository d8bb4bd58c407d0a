import { describe, expect, it } from 'vitest';
import { readableMessage } from './readableMessage';

const read = (messageType: string, content: string, metadata: Record<string, unknown> | null = null) => readableMessage({ messageType, content, metadata });

describe('readableMessage', () => {
  it('writes a card with its buttons and the one chosen', () => {
    expect(
      read('card', 'Our plans', {
        title: 'Premium',
        description: 'Every feature',
        buttons: [{ id: 'buy', text: 'Buy now' }, { id: 'info', label: 'More info' }],
        selection: { optionId: 'info' },
      }),
    ).toEqual({ type: 'Card', text: 'Our plans\nCard: Premium\nEvery feature\nButtons: Buy now | More info\nChosen: More info', sources: '' });
  });

  it('writes a multiple choice with the chosen options by their text', () => {
    const options = [{ id: 'a', text: 'Sails' }, { id: 'b', text: 'Ropes' }, 'Paint'];
    expect(read('multiselect_menu', 'What do you need?', { options, selectedOptions: ['b', 'Paint'] }).text).toBe(
      'What do you need?\nOptions: Sails | Ropes | Paint\nChosen: Ropes, Paint',
    );
    expect(read('menu', 'Pick one', { options, selection: { optionId: 'q_other', optionText: 'A mast' } }).text).toBe(
      'Pick one\nOptions: Sails | Ropes | Paint\nChosen: A mast',
    );
  });

  it('writes a rating scale and the value given', () => {
    expect(read('rating', 'How did we do?', { minValue: 0, maxValue: 10, ratingType: 'numeric', selection: { optionId: '7', optionText: '7' } })).toEqual({
      type: 'Rating',
      text: 'How did we do?\nRating from 0 to 10\nRated: 7',
      sources: '',
    });
    expect(read('rating', '', {}).text).toBe('Rating from 1 to 5 stars');
  });

  it('writes a table row by row, from array or object rows', () => {
    expect(read('table', 'Prices', { title: 'Moorings', headers: ['Berth', 'Price'], rows: [['A1', 40], ['B2', null]] }).text).toBe(
      'Prices\nTable: Moorings\nBerth | Price\nA1 | 40\nB2 | ',
    );
    expect(read('table', '', { columns: [{ key: 'b', label: 'Berth' }], rows: [{ b: 'C3', extra: 'x' }] }).text).toBe('Berth\nC3');
  });

  it('writes images, forms, quick replies, rich chunks and sources', () => {
    expect(read('image', 'Here it is', { title: 'Map', imageUrl: 'https://harbor.example/map.png' }).text).toBe('Here it is\nImage: Map: https://harbor.example/map.png');
    expect(read('form', 'Leave your details', { title: 'Contact', formFields: [{ id: 'email', label: 'Email' }] }).text).toBe(
      'Leave your details\nForm: Contact\nFields: Email',
    );
    const answer = read('quickReplies', 'We open at 8.', {
      quickReplies: ['Prices', { text: 'Talk to a person', action: 'handoff' }],
      chunks: [{ content: 'We open at 8.', messageType: 'text' }, { content: '', messageType: 'image', metadata: { imageUrl: 'https://harbor.example/door.png' } }],
      sources: [{ title: 'Hours', url: 'https://harbor.example/hours' }, { url: 'https://harbor.example/faq' }, { title: 'Notes' }, null],
    });
    expect(answer).toEqual({
      type: 'Text with quick replies',
      text: 'We open at 8.\nImage: https://harbor.example/door.png\nQuick replies: Prices | Talk to a person',
      sources: 'Hours (https://harbor.example/hours); https://harbor.example/faq; Notes',
    });
  });

  it('writes a sent form as a lead with each field, and reads unknown types as text', () => {
    expect(
      read('system', 'Contact\nName: Vera', {
        formSubmissionId: 3,
        formTitle: 'Contact our team',
        formData: [{ id: 'name', label: 'Name', value: 'Vera' }, { id: 'phone', value: '555' }, 'junk'],
      }),
    ).toEqual({ type: 'Lead', text: 'Form sent: Contact our team\nName: Vera\nphone: 555', sources: '' });
    expect(read('carousel', 'Hello', { options: 'not a list' })).toEqual({ type: 'Text', text: 'Hello', sources: '' });
  });
});
