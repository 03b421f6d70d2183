/**
 * The import's stop counts its leads in the language set (review, session 18: "bị ngắt: đã nhập
 * 7.000 leads, chưa gửi 583.000 leads", text.ts's English plural inside Vietnamese).
 */
import { describe, expect, it } from 'vitest';
import { importStop } from '../../src/delivery/stages/stop.js';
import type { SendResult } from '../../src/delivery/send.js';
import { InputChangedError } from '../../src/input/bytes.js';
import { setLanguage } from '../../src/messages/index.js';

const send = (over: Partial<SendResult>): SendResult =>
  ({
    imported: 7000,
    notSent: 583_000,
    sent: 365_500,
    interrupted: false,
    uncertainWhy: new Map(),
    ...over,
  }) as SendResult;

describe("the import's stop, counted in the language set", () => {
  it('interrupted, and an input that changed: English, then Vietnamese', () => {
    expect(importStop(send({ interrupted: true }))!.message).toBe(
      'interrupted: 7,000 leads imported, 583,000 leads not sent',
    );
    // Leads sent without an answer are said too (an operator walk, session 22).
    const uncertainWhy = new Map([1, 2, 3].map((l) => [l, 'no answer'] as const));
    expect(importStop(send({ interrupted: true, uncertainWhy }))!.message).toBe(
      'interrupted: 7,000 leads imported, 3 leads uncertain (sent, no answer), 583,000 leads not sent',
    );
    setLanguage('vi');
    expect(importStop(send({ interrupted: true }))!.message).toBe(
      'bị ngắt: đã nhập 7.000 khách hàng, chưa gửi 583.000 khách hàng',
    );
    expect(importStop(send({ interrupted: true, uncertainWhy }))!.message).toBe(
      'bị ngắt: đã nhập 7.000 khách hàng, chưa rõ kết quả 3 khách hàng (đã gửi, chưa có trả lời), chưa gửi 583.000 khách hàng',
    );
    const changed = importStop(
      send({ inputError: new InputChangedError('to3.csv đã thay đổi trong khi đang được nhập') }),
    )!.message;
    expect(changed).toContain('sau khi đã gửi 365.500 khách hàng');
    expect(changed).not.toMatch(/\bleads?\b/);
  });
});
