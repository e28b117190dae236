// Faker-built JSON payloads of the kinds applications paste into prompts: orders, tickets, metrics,
// logs, catalogues, CRM records, webhook events, survey answers and feature flags.
import { faker } from '@faker-js/faker';
import type { Entities } from './fill.ts';
import { readSections } from './sources.ts';

export interface Payload {
  data: unknown;
  tasks: string[];
}

function lines(title: string): string[] {
  const section = readSections('json-texts.md').find((s) => s.title === title);
  return section ? section.body.split('\n') : [];
}

const iso = () => faker.date.recent({ days: 60 }).toISOString();
const money = (min: number, max: number) => Number(faker.commerce.price({ min, max }));

function order(e: Entities): Payload {
  const items = Array.from({ length: faker.number.int({ min: 1, max: 5 }) }, () => ({
    sku: faker.string.alphanumeric({ length: 8, casing: 'upper' }),
    name: faker.commerce.productName(),
    quantity: faker.number.int({ min: 1, max: 4 }),
    unit_price: money(5, 250),
  }));
  return {
    data: {
      order_id: `ORD-${faker.number.int({ min: 100_000, max: 999_999 })}`,
      created_at: iso(),
      status: faker.helpers.arrayElement(['paid', 'shipped', 'delayed', 'refunded']),
      customer: { id: faker.string.uuid(), name: e.person, email: faker.internet.email() },
      items,
      shipping: {
        method: faker.helpers.arrayElement(['standard', 'express', 'pickup']),
        address: {
          street: faker.location.streetAddress(),
          city: e.city,
          postcode: faker.location.zipCode(),
          country: faker.location.countryCode(),
        },
        tracking_url: `https://track.${e.domain}/${faker.string.alphanumeric(12)}`,
      },
      total: Math.round(items.reduce((s, i) => s + i.quantity * i.unit_price, 0) * 100) / 100,
      currency: faker.helpers.arrayElement(['USD', 'EUR', 'GBP']),
    },
    tasks: [
      'Write a short, friendly shipping update to the customer based on this order.',
      'Summarise this order for a support agent in two sentences.',
      'Does this order qualify for free shipping? Our threshold is 75 in any currency.',
    ],
  };
}

function tickets(): Payload {
  const texts = faker.helpers.arrayElements(lines('tickets'), { min: 3, max: 8 });
  return {
    data: texts.map((body) => ({
      id: faker.number.int({ min: 10_000, max: 99_999 }),
      subject: body.split(/[.,?]/)[0],
      body,
      priority: faker.helpers.arrayElement(['low', 'normal', 'high', 'urgent']),
      created_at: iso(),
      customer_tier: faker.helpers.arrayElement(['free', 'team', 'business', 'enterprise']),
    })),
    tasks: [
      'Classify each ticket as "billing", "technical", "account" or "other". Return a JSON array of objects with "id" and "category" only.',
      'Which of these tickets should be handled first, and why?',
    ],
  };
}

function metrics(): Payload {
  const start = faker.date.recent({ days: 7 }).getTime();
  const spike = faker.number.int({ min: 2, max: 9 });
  return {
    data: {
      service: faker.helpers.arrayElement(['checkout-api', 'search', 'auth', 'payments-worker']),
      region: faker.helpers.arrayElement(['eu-west-1', 'us-east-1', 'ap-southeast-2']),
      interval_seconds: 300,
      datapoints: Array.from({ length: 12 }, (_, i) => ({
        timestamp: new Date(start + i * 300_000).toISOString(),
        requests_per_second: faker.number.int({ min: 180, max: 260 }),
        p50_ms: faker.number.int({ min: 38, max: 55 }),
        p99_ms:
          i === spike
            ? faker.number.int({ min: 1800, max: 4200 })
            : faker.number.int({ min: 180, max: 320 }),
        error_rate:
          i === spike ? 0.087 : faker.number.float({ min: 0, max: 0.004, fractionDigits: 4 }),
      })),
    },
    tasks: [
      'Is there anything unusual in these metrics? Explain briefly.',
      'Summarise the latency trend for the incident report.',
    ],
  };
}

function logs(): Payload {
  const trace = faker.string.hexadecimal({ length: 16, casing: 'lower', prefix: '' });
  return {
    data: Array.from({ length: faker.number.int({ min: 4, max: 9 }) }, () => ({
      ts: iso(),
      level: faker.helpers.arrayElement(['info', 'warn', 'error', 'error']),
      service: faker.helpers.arrayElement(['gateway', 'orders', 'inventory']),
      message: faker.helpers.arrayElement([
        'upstream timed out after 5000ms',
        'connection pool exhausted',
        'request completed',
        'retrying request (attempt 2 of 3)',
        'circuit breaker opened for inventory',
      ]),
      trace_id: trace,
      http: {
        method: faker.helpers.arrayElement(['GET', 'POST']),
        path: faker.helpers.arrayElement(['/v2/orders', '/v2/stock/levels', '/health']),
        status: faker.helpers.arrayElement([200, 200, 503, 504]),
        duration_ms: faker.number.int({ min: 12, max: 5100 }),
      },
    })),
    tasks: ["What's the most likely cause of these errors? Suggest what to check next."],
  };
}

function catalogue(): Payload {
  return {
    data: Array.from({ length: faker.number.int({ min: 4, max: 10 }) }, () => ({
      id: faker.number.int({ min: 1000, max: 9999 }),
      name: faker.commerce.productName(),
      price: money(8, 180),
      in_stock: faker.datatype.boolean({ probability: 0.8 }),
      category: faker.commerce.department(),
      attributes: { color: faker.color.human(), material: faker.commerce.productMaterial() },
      rating: faker.number.float({ min: 2.5, max: 5, fractionDigits: 1 }),
    })),
    tasks: [
      'Recommend three of these products as a gift under 50, and explain each choice in one sentence.',
      'Which products are out of stock, and which have a rating below 3.5?',
    ],
  };
}

function crm(e: Entities): Payload {
  return {
    data: {
      contact: {
        name: e.person,
        title: faker.person.jobTitle(),
        company: e.company,
        email: faker.internet.email(),
        last_contacted: iso(),
      },
      deals: Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => ({
        name: `${faker.commerce.productAdjective()} rollout`,
        stage: faker.helpers.arrayElement(['discovery', 'proposal', 'negotiation', 'closed_won']),
        value: faker.number.int({ min: 5, max: 250 }) * 1000,
      })),
      notes: faker.helpers.arrayElement([
        'Asked for a discount if they sign before quarter end.',
        'Security review pending, they need our SOC 2 report.',
        'Champion is leaving the company next month.',
      ]),
    },
    tasks: [
      'Draft a short follow-up email to this contact based on the CRM record.',
      'What is the next best action for this account?',
    ],
  };
}

function webhook(e: Entities): Payload {
  return {
    data: {
      id: `evt_${faker.string.alphanumeric(24)}`,
      type: faker.helpers.arrayElement([
        'invoice.payment_failed',
        'customer.subscription.deleted',
        'charge.dispute.created',
      ]),
      created: Math.floor(faker.date.recent().getTime() / 1000),
      livemode: true,
      data: {
        object: {
          id: `in_${faker.string.alphanumeric(24)}`,
          customer: `cus_${faker.string.alphanumeric(14)}`,
          amount_due: faker.number.int({ min: 900, max: 99_000 }),
          currency: 'usd',
          attempt_count: faker.number.int({ min: 1, max: 4 }),
          hosted_invoice_url: `https://pay.${e.domain}/i/${faker.string.alphanumeric(20)}`,
        },
      },
    },
    tasks: ['What happened here, and what should our webhook handler do in response?'],
  };
}

function survey(): Payload {
  return {
    data: faker.helpers.arrayElements(lines('comments'), { min: 4, max: 9 }).map((comment) => ({
      respondent_id: faker.string.uuid().slice(0, 8),
      nps: faker.number.int({ min: 0, max: 10 }),
      plan: faker.helpers.arrayElement(['starter', 'team', 'business']),
      comment,
    })),
    tasks: [
      'Summarise the main themes in these survey comments, positive and negative.',
      'Group the comments by theme and give the average NPS per theme.',
    ],
  };
}

function flags(): Payload {
  return {
    data: Object.fromEntries(
      ['new_checkout', 'ai_summaries', 'dark_mode', 'bulk_export', 'legacy_reports'].map((name) => [
        name,
        {
          enabled: faker.datatype.boolean(),
          rollout_percent: faker.helpers.arrayElement([0, 10, 50, 100]),
          regions: faker.helpers.arrayElements(['EU', 'US', 'APAC'], { min: 1, max: 3 }),
        },
      ]),
    ),
    tasks: ['Which flags are fully enabled for users in the EU?'],
  };
}

export const payloadBuilders: ((e: Entities) => Payload)[] = [
  order,
  tickets,
  metrics,
  logs,
  catalogue,
  crm,
  webhook,
  survey,
  flags,
];
