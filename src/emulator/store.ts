/**
 * The emulator's memory: campaigns, their leads, and logs of what the service received.
 * With a state path, leads are loaded at start and saved (atomically: src/atomic-write.ts) after
 * every change:
 * { version: 1, campaigns: { <key>: { leads: [{ campaign_lead_id, importedAt, lead }], nextId } } }
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '../atomic-write.js';
import type { Lead } from '../api/spec.js';

export interface EmulatorCampaign {
  key: string;
  name: string;
  id: number;
}

export interface StoredLead {
  campaign_lead_id: number;
  importedAt: Date;
  lead: Lead;
}

/** An import request that was processed (validated and stored), whatever its s/t counts. */
export interface ReceivedImport {
  at: Date;
  campaign: string;
  /** Number of leads in the request (t). */
  leads: number;
  /** Number of leads stored (s). */
  imported: number;
  /** phone_number of every lead in the request, in order. */
  phones: string[];
}

/** A report request that was processed (answered with success or a service error). */
export interface ReportRequestLog {
  at: Date;
  /** The parsed request body ({} when absent or not valid JSON). */
  body: Record<string, unknown>;
}

interface CampaignData {
  leads: StoredLead[];
  nextId: number;
  phones: Set<string>;
}

interface PersistedCampaign {
  leads: Array<{ campaign_lead_id: number; importedAt: string; lead: Lead }>;
  nextId: number;
}

export class EmulatorStore {
  /** Every import request received on the right path and method, refused or faulted ones included. */
  importRequests = 0;
  /** Import requests that were processed. */
  readonly received: ReceivedImport[] = [];
  readonly reportRequests: ReportRequestLog[] = [];
  private readonly data = new Map<string, CampaignData>();
  /** State of campaigns the file holds but this run does not serve: kept as is on save. */
  private readonly others: Record<string, PersistedCampaign> = {};

  constructor(
    readonly campaigns: readonly EmulatorCampaign[],
    private readonly statePath?: string,
  ) {
    for (const c of campaigns) this.data.set(c.key, { leads: [], nextId: 1, phones: new Set() });
    if (statePath !== undefined) this.load(statePath);
  }

  campaign(key: string): EmulatorCampaign | undefined {
    return this.campaigns.find((c) => c.key === key);
  }

  /** Stored leads of a campaign, in campaign_lead_id order. */
  leads(campaignKey: string): readonly StoredLead[] {
    return this.data.get(campaignKey)?.leads ?? [];
  }

  hasPhone(campaignKey: string, phone: string): boolean {
    return this.data.get(campaignKey)?.phones.has(phone) ?? false;
  }

  /** Seed a lead directly (no request logged). */
  addLead(campaignKey: string, lead: Lead, importedAt: Date): StoredLead {
    const stored = this.insert(this.campaignData(campaignKey), lead, importedAt);
    this.save();
    return stored;
  }

  /**
   * Store the leads of one processed import request and log it. With skipExisting, a lead whose
   * phone_number the campaign already holds (from earlier or from this request) is skipped.
   * Returns the number stored.
   */
  importLeads(
    campaignKey: string,
    leads: readonly Lead[],
    at: Date,
    skipExisting: boolean,
  ): number {
    const data = this.campaignData(campaignKey);
    let imported = 0;
    for (const lead of leads) {
      if (skipExisting && data.phones.has(lead.phone_number)) continue;
      this.insert(data, lead, at);
      imported++;
    }
    const phones = leads.map((l) => l.phone_number);
    this.received.push({ at, campaign: campaignKey, leads: leads.length, imported, phones });
    this.save();
    return imported;
  }

  /** Write the state file atomically (no-op without a state path). */
  save(): void {
    if (this.statePath === undefined) return;
    const campaigns: Record<string, PersistedCampaign> = { ...this.others };
    for (const [key, { leads, nextId }] of this.data) {
      campaigns[key] = {
        nextId,
        leads: leads.map((l) => ({ ...l, importedAt: l.importedAt.toISOString() })),
      };
    }
    // Through cacs's atomic-write helper (random temporary name, no symlink followed, 0600).
    writeFileAtomicSync(this.statePath, JSON.stringify({ version: 1, campaigns }));
  }

  private campaignData(key: string): CampaignData {
    const data = this.data.get(key);
    if (!data) throw new Error(`emulator: unknown campaign '${key}'`);
    return data;
  }

  private insert(data: CampaignData, lead: Lead, importedAt: Date): StoredLead {
    const stored = { campaign_lead_id: data.nextId++, importedAt, lead: { ...lead } };
    data.leads.push(stored);
    data.phones.add(lead.phone_number);
    return stored;
  }

  private load(path: string): void {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const state = JSON.parse(text) as { version?: unknown; campaigns?: unknown };
    if (state.version !== 1 || typeof state.campaigns !== 'object' || state.campaigns === null) {
      throw new Error(`emulator state ${path}: not a version 1 state file`);
    }
    for (const [key, saved] of Object.entries(
      state.campaigns as Record<string, PersistedCampaign>,
    )) {
      const data = this.data.get(key);
      if (!data) {
        this.others[key] = saved;
        continue;
      }
      for (const l of saved.leads) {
        data.leads.push({ ...l, importedAt: new Date(l.importedAt) });
        data.phones.add(l.lead.phone_number);
      }
      data.leads.sort((a, b) => a.campaign_lead_id - b.campaign_lead_id);
      data.nextId = Math.max(saved.nextId, (data.leads.at(-1)?.campaign_lead_id ?? 0) + 1);
    }
  }
}
