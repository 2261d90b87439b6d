import { z } from 'zod';
import { TEXTAREA_MAX } from './constants.ts';
import { imageAssetSchema, listingSchema } from './listings.ts';
import {
  emailField,
  lineText,
  multilineText,
  phoneField,
  portCodeField,
  requiredMultilineText,
  requiredText,
  webAddressField,
} from './validation.ts';

/** Organizations (seller spec section 3 Organization and Organization port info). */
export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string().nullable(),
  businessId: z.string().nullable(),
  shortDescription: z.string().nullable(),
  longDescription: z.string().nullable(),
  address: z.object({
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
  }),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  operatingPorts: z.array(z.string()),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** Bitmask of OrgRole. */
  roles: z.number().int(),
  logo: imageAssetSchema.nullable(),
  mainImage: imageAssetSchema.nullable(),
  miniIcon: imageAssetSchema.nullable(),
  /** Its published, visible listings (newest first, at most 100). */
  listings: z.array(listingSchema),
});
export type Organization = z.infer<typeof organizationSchema>;

/** A port's organizations, as listed on the port services page. */
export const organizationSummarySchema = organizationSchema.omit({ listings: true });
export const organizationListSchema = z.object({ data: z.array(organizationSummarySchema) });
export const organizationsQuerySchema = z.object({ port: portCodeField.optional() });

/**
 * Text fields of the multipart profile form. logoImage is required unless the
 * organization already has a logo; iconImage and mainImage only when changed.
 */
export const organizationProfileFieldsSchema = z.object({
  name: requiredText(200),
  businessId: requiredText(50),
  shortDescription: requiredMultilineText(500),
  longDescription: requiredMultilineText(TEXTAREA_MAX),
  street: requiredText(200),
  postalCode: requiredText(20),
  city: requiredText(100),
  country: requiredText(100),
  email: emailField,
  phone: phoneField,
  websiteUrl: z.union([z.literal('').transform(() => null), webAddressField]).optional(),
});
export type OrganizationProfileFields = z.infer<typeof organizationProfileFieldsSchema>;
export const ORGANIZATION_IMAGE_FIELDS = ['logoImage', 'iconImage', 'mainImage'] as const;
export type OrganizationImageField = (typeof ORGANIZATION_IMAGE_FIELDS)[number];

const optionalText = (max: number) => lineText(max).nullish();

export const organizationPortBodySchema = z.object({
  port: portCodeField,
  city: optionalText(100),
  street: optionalText(200),
  zip: optionalText(20),
  email: emailField.nullish(),
  phone: phoneField.nullish(),
  /** Office location on the map. */
  lat: z.number().min(-90).max(90).nullish(),
  lon: z.number().min(-180).max(180).nullish(),
  hideMap: z.boolean().default(false),
  officeAddress: multilineText(500).nullish(),
});
export type OrganizationPortBody = z.infer<typeof organizationPortBodySchema>;

export const organizationPortSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  port: z.string(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  hideMap: z.boolean(),
  officeAddress: z.string().nullable(),
});
export type OrganizationPort = z.infer<typeof organizationPortSchema>;
export const organizationPortListSchema = z.object({ data: z.array(organizationPortSchema) });
