import type { ArticleStatus, Role, Section } from '../generated/prisma/enums';

import type { Role as WireRole, Section as WireSection } from '#shared/constants';

/** Names on the wire (docs/spec/CONTRACT.md §2) ↔ names in the database enums. */
export type { WireRole, WireSection };

export const roleToWire = (role: Role): WireRole => (role === 'super_admin' ? 'super-admin' : role);
export const roleFromWire = (role: WireRole): Role => (role === 'super-admin' ? 'super_admin' : role);

export const sectionToWire = (section: Section): WireSection => (section === 'OpinionsEditorials' ? 'Opinions & Editorials' : section);
export const sectionFromWire = (section: WireSection): Section => (section === 'Opinions & Editorials' ? 'OpinionsEditorials' : section);

export type { ArticleStatus, Role, Section };

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
