import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// API field names that do not survive the CamelCasePlugin's round trip, and how they map
// (column <- spec name; the Kysely key is the column in camelCase):
//   request.cerfa14023_id        <- cerfa1402301Id   (spec's name for the CERFA 14023 form id)
//   request.alignment_id         <- alignementId     (French spelling in the spec)
//   request.is_beneficiaire      <- isbeneficiaire
//   request.extension_of_id      <- extensionid      (see the request table below)
//   request.owner_user_id        <- (not in the spec: the account that filed the request)
//   cerfa14023.decision_rejet_eu <- decisionRejetEU  (Kysely key decisionRejetEu)
//   cerfa14023.decision_debit_ls <- decisionDebitLS  (Kysely key decisionDebitLs)
//   cerfa14023.parking_permit    <- parking_permit / parkingPermit
//   city.mail_pm                 <- mailPM           (Kysely key mailPm; migration 0003)
// Comma lists (themes, parkingNature, networkConnection, surfacePlanningEquipment,
// decisionAccessMotifsRefus, decisionFacilitiesInfo, decisionRefections, plotNumbers,
// sections) are stored as the text the spec sends. Measures are double precision (metres,
// mm, m², l/s); counts are integer.

/** Parties, the three forms (CERFA 14023, CERFA 14024, alignment) and the request itself. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // Applicant or beneficiary (docs/data-model.md "Entities"). std_user_id: the account the party
    // is, if any.
    `CREATE TABLE petitioner (
      id serial PRIMARY KEY,
      nature text,
      title text,
      last_name text,
      first_name text,
      corporation_name text,
      corporation_siret text,
      corporation_agent text,
      corporation_agent_title text,
      address_num text,
      address_ext text,
      address_type text,
      address_name text,
      address_city text,
      address_postal_code text,
      place text,
      country text,
      phone text,
      phone_indicative text,
      email text,
      std_user_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      search_text text NOT NULL GENERATED ALWAYS AS (search_normalize(
        coalesce(last_name, '') || ' ' || coalesce(first_name, '') || ' ' ||
        coalesce(corporation_name, '') || ' ' || coalesce(corporation_agent, '') || ' ' ||
        coalesce(email, ''))) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX petitioner_user_idx ON petitioner (std_user_id)',
    'CREATE INDEX petitioner_search_idx ON petitioner USING gin (search_text gin_trgm_ops)',

    // CERFA 14023 (kinds 1 and 3): general fields (docs/data-model.md "Entities"), then the
    // common, access (kind 3) and networks (kind 1) decision fields.
    `CREATE TABLE cerfa14023 (
      id serial PRIMARY KEY,
      is_access_development boolean NOT NULL DEFAULT false,
      themes text,
      nature_work text,
      nature_work_other text,
      parking_extension boolean,
      parking_permit text,
      parking_nature text,
      parking_nature_other text,
      track_width double precision,
      protrusion_width double precision,
      sidewalk_width double precision,
      height_under_protrusion double precision,
      ditch_crossing boolean,
      pipe_diameter double precision,
      custome_pipe_diameter double precision,
      pipe_length double precision,
      distance_from_road double precision,
      type_pipe text,
      layout_width double precision,
      new_installation boolean,
      network_connection text,
      network_connection_other text,
      longitudinal_trench_under_road double precision,
      longitudinal_trench_under_sidewalks double precision,
      transverse_trench_under_road double precision,
      transverse_trench_under_sidewalks double precision,
      driving_under_road double precision,
      driving_under_sidewalks double precision,
      surface_planning_equipment text,
      surface_planning_equipment_other text,
      installation_connection boolean,
      installation_fences_alignment boolean,
      installation_fences_back_alignment double precision,
      installation_gate_alignment boolean,
      installation_gate_back_alignment double precision,
      installation_plantation_alignment boolean,
      installation_plantation_back_alignment double precision,
      work_project_declaration boolean,
      tele_service_number text,
      digital_planning_declaration boolean,
      ftth boolean,
      pipeline_length_pose double precision,
      pipeline_length_deposit double precision,
      buried_cable_length_pose double precision,
      buried_cable_length_deposit double precision,
      air_artery_length_pose double precision,
      air_artery_length_deposit double precision,
      cupboard_number_pose integer,
      cupboard_number_deposit integer,
      cupboard_surface_pose double precision,
      cupboard_surface_deposit double precision,
      pavilion_bollard_number_pose integer,
      pavilion_bollard_number_deposit integer,
      pole_number_pose integer,
      pole_number_deposit integer,
      underground_chamber_number_pose integer,
      underground_chamber_number_deposit integer,
      underground_chamber_surface_pose double precision,
      underground_chamber_surface_deposit double precision,
      contact_last_name text,
      contact_first_name text,
      contact_phone text,
      contact_fax text,
      contact_folder_number text,
      contact_email text,
      is_favorable boolean,
      comment_decision text,
      parapheur_decision text,
      instructeur_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      decision_access_edl text,
      decision_access_portail_open text,
      decision_access_retournement boolean,
      decision_access_remise_etat_dp text,
      decision_access_eaux_pluviales text,
      decision_access_fosse boolean,
      decision_access_fosse_diametre double precision,
      decision_access_motifs_refus text,
      decision_access_motifs_refus_other text,
      decision_rejet_eu text,
      decision_surfacem2 double precision,
      decision_debit_ls double precision,
      decision_result_calc double precision,
      decision_sondage boolean,
      decision_roadway_trench text,
      decision_sidewalk_trench text,
      decision_shoulder_virgin_land_trench text,
      decision_roadway_trench_recommended text,
      decision_sidewalk_trench_recommended text,
      decision_shoulder_virgin_land_trench_recommended text,
      decision_horizontal_signage boolean,
      decision_facilities_info text,
      decision_sinking text,
      decision_refections text,
      decision_transport_network boolean,
      aerien text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,

    // CERFA 14024*01, traffic-police order (shared/data/cerfa-14024.json, docs/data-model.md "Entities"). Its
    // applicant, beneficiary, location, dates and signature blocks are the request's own
    // fields (petitioner, beneficiary, address, way_type/way_num, extra_urban/intra_urban,
    // milestones, date_start/number_days, made_*). direction_traffic: one of the five choices;
    // alternating_circulation_manual: null none, false traffic lights, true manual;
    // signage_by: who installs the signage, gest_signage_*: that company.
    `CREATE TABLE cerfa14024 (
      id serial PRIMARY KEY,
      previous_permission boolean,
      previous_permission_reference text,
      work_description text,
      duration_regulation integer,
      date_regulation date,
      restriction_current_section boolean,
      restriction_suspenders boolean,
      direction_traffic text,
      alternating_circulation_manual boolean,
      emergency_restriction boolean,
      encroachment_roadway boolean,
      track_width_maintained double precision,
      way_removal boolean,
      number_way_removed integer,
      move_car boolean,
      move_truck boolean,
      park_car boolean,
      park_truck boolean,
      overtake_car boolean,
      overtake_truck boolean,
      limited_speed integer,
      detour_route text,
      other_prescriptions text,
      signage_by text,
      gest_signage_title text,
      gest_signage_last_name text,
      gest_signage_first_name text,
      gest_signage_corporation_name text,
      gest_signage_siret text,
      gest_signage_agent text,
      gest_signage_address_num text,
      gest_signage_address_ext text,
      gest_signage_address_name text,
      gest_signage_address_complement text,
      gest_signage_address_postal_code text,
      gest_signage_address_city text,
      gest_signage_country text,
      gest_signage_phone text,
      gest_signage_email text,
      attached_notice boolean,
      attached_situation_plan boolean,
      attached_works_plan boolean,
      attached_signage_diagram boolean,
      attached_detour_route boolean,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,

    // Individual alignment request (kind 2) and its decision; the decision's streets (`rues`)
    // and their points are child tables, ordered by position.
    `CREATE TABLE individual_alignment_request (
      id serial PRIMARY KEY,
      reason_request text,
      reason_request_other text,
      autorisation_urba text CHECK (autorisation_urba IN ('oui', 'non')),
      type_dossier text,
      dos_autorisation_urba text,
      ground_already_requested text CHECK (ground_already_requested IN ('oui', 'non')),
      date_request date,
      alignment_order_number text,
      is_favorable boolean,
      parapheur_decision text,
      comment_decision text,
      decision_hors_competence boolean,
      instructeur_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE alignment_street (
      id serial PRIMARY KEY,
      alignment_id integer NOT NULL REFERENCES individual_alignment_request (id) ON DELETE CASCADE,
      position smallint NOT NULL DEFAULT 0,
      name text,
      competence text
    )`,
    'CREATE INDEX alignment_street_alignment_idx ON alignment_street (alignment_id, position)',
    `CREATE TABLE alignment_point (
      id serial PRIMARY KEY,
      street_id integer NOT NULL REFERENCES alignment_street (id) ON DELETE CASCADE,
      position smallint NOT NULL DEFAULT 0,
      name text,
      type text,
      distance double precision
    )`,
    'CREATE INDEX alignment_point_street_idx ON alignment_point (street_id, position)',

    // The request (dossier), docs/data-model.md "Entities".
    // - public_id: the opaque id of web routes (/dossiers/{publicId}); never used for authorization.
    // - owner_user_id: the account that filed it (not in the spec; ownership rules).
    // - the_geom: the drawn shapes, always a GeometryCollection (ST_ForceCollection on write);
    //   null only while in completeness (state 8) without a drawing.
    // - extension_of_id: on an extension request, the request it extends. The spec's
    //   `extensionid` is this column on the extension, and on the original the id of the request
    //   whose extension_of_id points to it (at most one: unique index).
    // - ex_state: the state before the last transition that records one (docs/workflow.md "Transitions").
    // - signature_refusal / signature_refused_at: the signatory's refusal shown to instructors.
    // - search_text: normalized case number, reference and address, for the list's free-text
    //   search (names are in petitioner.search_text); written by PostgreSQL, never by the app.
    `CREATE TABLE request (
      id serial PRIMARY KEY,
      public_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      type smallint NOT NULL REFERENCES request_kind (id),
      state_id integer NOT NULL REFERENCES state (id),
      ex_state integer REFERENCES state (id),
      petitioner_id integer NOT NULL REFERENCES petitioner (id),
      beneficiary_id integer REFERENCES petitioner (id),
      is_beneficiaire boolean NOT NULL DEFAULT false,
      cerfa14023_id integer REFERENCES cerfa14023 (id),
      cerfa14024_id integer REFERENCES cerfa14024 (id),
      alignment_id integer REFERENCES individual_alignment_request (id),
      owner_user_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      instructeur_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      operator_perimeter_id integer REFERENCES perimeter (id) ON DELETE SET NULL,
      extension_of_id integer REFERENCES request (id) ON DELETE SET NULL,
      the_geom geometry(GeometryCollection, 4326),
      lon double precision,
      lat double precision,
      plot_numbers text,
      sections text,
      way_type text,
      way_num text,
      in_urban boolean,
      extra_urban boolean,
      intra_urban boolean,
      urban_document text,
      operation_code text,
      address_num text,
      address_ext text,
      address_type text,
      address_name text,
      address_city text,
      address_postal_code text,
      place text,
      project text,
      numaffaire text,
      reference text,
      date_start date,
      date_end date,
      number_days integer,
      milestone_start1 text,
      milestone_start2 text,
      milestone_end1 text,
      milestone_end2 text,
      accuracy_information boolean NOT NULL DEFAULT false,
      made_in text,
      made_date date,
      made_last_name text,
      made_first_name text,
      made_fonction text,
      send_to_sign boolean NOT NULL DEFAULT false,
      no_mail boolean NOT NULL DEFAULT false,
      do_annexe boolean NOT NULL DEFAULT false,
      comment text,
      comment_decision text,
      reorientation_mail text,
      completeness_date date,
      signature_refusal text,
      signature_refused_at timestamptz,
      deposit_date timestamptz NOT NULL DEFAULT now(),
      search_text text NOT NULL GENERATED ALWAYS AS (search_normalize(
        coalesce(numaffaire, '') || ' ' || coalesce(reference, '') || ' ' ||
        coalesce(address_num, '') || ' ' || coalesce(address_type, '') || ' ' ||
        coalesce(address_name, '') || ' ' || coalesce(address_postal_code, '') || ' ' ||
        coalesce(address_city, '') || ' ' || coalesce(place, ''))) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (extension_of_id <> id)
    )`,
    // The list: by kind and tab (states), newest first; counts by state; own/instructed lists.
    'CREATE INDEX request_list_idx ON request (type, state_id, deposit_date DESC)',
    'CREATE INDEX request_state_idx ON request (state_id)',
    'CREATE INDEX request_deposit_idx ON request (deposit_date DESC)',
    'CREATE INDEX request_date_start_idx ON request (date_start)',
    'CREATE INDEX request_owner_idx ON request (owner_user_id)',
    'CREATE INDEX request_instructeur_idx ON request (instructeur_id)',
    'CREATE INDEX request_petitioner_idx ON request (petitioner_id)',
    'CREATE INDEX request_beneficiary_idx ON request (beneficiary_id)',
    'CREATE INDEX request_operator_idx ON request (operator_perimeter_id)',
    'CREATE UNIQUE INDEX request_extension_of_key ON request (extension_of_id)',
    'CREATE INDEX request_geom_idx ON request USING gist (the_geom)',
    'CREATE INDEX request_search_idx ON request USING gin (search_text gin_trgm_ops)',

    // Secondary addresses (`adresses`), in the order entered.
    `CREATE TABLE request_address (
      id serial PRIMARY KEY,
      request_id integer NOT NULL REFERENCES request (id) ON DELETE CASCADE,
      position smallint NOT NULL DEFAULT 0,
      address_num text,
      address_ext text,
      address_type text,
      address_name text,
      address_city text,
      address_postal_code text,
      place text,
      prescription text
    )`,
    'CREATE INDEX request_address_request_idx ON request_address (request_id, position)',

    // Document types asked by a completeness request (`missingDocuments`), cleared on completion.
    `CREATE TABLE request_missing_document (
      request_id integer NOT NULL REFERENCES request (id) ON DELETE CASCADE,
      type_document_id integer NOT NULL REFERENCES type_document (id),
      PRIMARY KEY (request_id, type_document_id)
    )`,

    // Recipients of the signed order (`mailArreteSignes`).
    `CREATE TABLE mail_arrete_signe (
      id serial PRIMARY KEY,
      request_id integer NOT NULL REFERENCES request (id) ON DELETE CASCADE,
      mail text NOT NULL,
      name text
    )`,
    'CREATE INDEX mail_arrete_signe_request_idx ON mail_arrete_signe (request_id)',

    // Mails of a request (migration 0001 left request_id without a key: request did not exist).
    `ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_request_id_fkey
      FOREIGN KEY (request_id) REFERENCES request (id) ON DELETE SET NULL`,
    `ALTER TABLE mail_log ADD CONSTRAINT mail_log_request_id_fkey
      FOREIGN KEY (request_id) REFERENCES request (id) ON DELETE SET NULL`,
  ]);
}
