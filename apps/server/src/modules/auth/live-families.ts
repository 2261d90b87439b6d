/**
 * A short in-process memory of which refresh families are live (family,
 * session and account state together), so a burst of API calls does not query
 * the database for each one. Revocations and account changes in this process
 * clear it at once; another process sharing the database sees them within
 * TTL_MS, and the revoked families keep them dead after that.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

class LiveFamilies {
  private entries = new Map<string, { live: boolean; until: number }>();

  async check(familyId: string, load: () => Promise<boolean>): Promise<boolean> {
    const now = Date.now();
    const hit = this.entries.get(familyId);
    if (hit && hit.until > now) return hit.live;
    const live = await load();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(familyId, { live, until: now + TTL_MS });
    return live;
  }

  forget(familyId: string) {
    this.entries.delete(familyId);
  }

  clear() {
    this.entries.clear();
  }
}

export const liveFamilies = new LiveFamilies();
