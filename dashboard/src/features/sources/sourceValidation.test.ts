import { describe, expect, it } from 'vitest';
import { emptyTextForm, emptyWebsiteForm, textPayload, validateFile, validateTextForm, validateWebsiteForm, websitePayload } from './sourceValidation';

const file = (name: string, type: string, size = 20) => new File([new Uint8Array(size)], name, { type });

describe('add-data validation', () => {
  it('website: a valid URL is required and maxPages is a whole number 1-200, default 50', () => {
    expect(emptyWebsiteForm().maxPages).toBe('50');
    expect(validateWebsiteForm(emptyWebsiteForm())).toEqual({ url: 'Please enter a valid URL' });
    for (const url of ['not a url', 'ftp://example.com/x', 'http://', 'https://user:pw@example.com', 'javascript:alert(1)', 'intranet']) {
      expect(validateWebsiteForm({ ...emptyWebsiteForm(), url }).url, url).toBe('Please enter a valid URL');
    }
    for (const url of ['https://example.com', 'http://localhost:8080/docs', 'example.com/help']) {
      expect(validateWebsiteForm({ ...emptyWebsiteForm(), url }), url).toEqual({});
    }
    for (const maxPages of ['0', '201', '2.5', '', 'abc']) {
      expect(validateWebsiteForm({ ...emptyWebsiteForm(), url: 'https://example.com', maxPages }).maxPages, maxPages).toBe('Max pages must be between 1 and 200');
    }
    expect(validateWebsiteForm({ ...emptyWebsiteForm(), url: 'https://example.com', maxPages: '200' })).toEqual({});
    expect(validateWebsiteForm({ ...emptyWebsiteForm(), url: 'https://example.com', maxPages: '1' })).toEqual({});
  });

  it('text: title required, at least 10 characters of text (spaces do not count)', () => {
    expect(validateTextForm(emptyTextForm())).toEqual({ title: 'Title is required', textContent: 'Text content must be at least 10 characters' });
    expect(validateTextForm({ title: '   ', description: '', textContent: '     123456789     ' })).toEqual({
      title: 'Title is required',
      textContent: 'Text content must be at least 10 characters',
    });
    expect(validateTextForm({ title: 'Hours', description: '', textContent: '1234567890' })).toEqual({});
  });

  it('file: required, a text type (or an untyped picker extension) under 5MB, or a PDF or Word file under 10MB', () => {
    const wrongType = 'Please select a text, PDF or Word file (.txt, .md, .csv, .json, .pdf, .docx, etc.)';
    expect(validateFile(null)).toBe('Please select a file to upload');
    expect(validateFile(file('photo.png', 'image/png'))).toBe(wrongType);
    expect(validateFile(file('app.exe', ''))).toBe(wrongType);
    expect(validateFile(file('sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe(wrongType);
    expect(validateFile(file('big.txt', 'text/plain', 5 * 1024 * 1024))).toBe('File size must be less than 5MB');
    expect(validateFile(file('almost.txt', 'text/plain', 5 * 1024 * 1024 - 1))).toBeNull();
    expect(validateFile(file('manual.pdf', 'application/pdf', 10 * 1024 * 1024))).toBe('PDF and Word files must be less than 10MB');
    expect(validateFile(file('manual.pdf', 'application/pdf', 10 * 1024 * 1024 - 1))).toBeNull();
    expect(validateFile(file('guide.docx', '', 10 * 1024 * 1024))).toBe('PDF and Word files must be less than 10MB');
    for (const [name, type] of [
      ['a.pdf', 'application/pdf'],
      ['a.pdf', ''],
      ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['a.docx', 'application/octet-stream'],
      ['a.txt', 'text/plain'],
      ['a.csv', 'text/csv'],
      ['a.md', 'text/markdown'],
      ['a.json', 'application/json'],
      ['a.html', 'text/html'],
      ['a.xml', 'application/xml'],
      ['a.md', ''],
    ]) {
      expect(validateFile(file(name, type)), `${name} ${type}`).toBeNull();
    }
  });

  it('payloads: trimmed, empty optionals left out, maxPages a number', () => {
    expect(websitePayload({ url: ' https://example.com ', title: ' ', description: 'Docs', maxPages: '25', syncSchedule: 'weekly' })).toEqual({
      sourceType: 'website',
      url: 'https://example.com',
      title: undefined,
      description: 'Docs',
      maxPages: 25,
      syncSchedule: 'weekly',
    });
    expect(emptyWebsiteForm().syncSchedule).toBe('off');
    expect(textPayload({ title: ' Hours ', description: '', textContent: 'Open daily 9-5.' })).toEqual({
      sourceType: 'text',
      title: 'Hours',
      description: undefined,
      textContent: 'Open daily 9-5.',
    });
  });
});
