// The essentials of docs/templates.md ("Writing a template", "Fields") for the editor's help.

/** How to write a template: docxtemplater's tags as the merge reads them. */
export const TEMPLATE_RULES: readonly { tag: string; text: string }[] = [
  {
    tag: '{champ}',
    text: "affiche la valeur d'un champ ; un champ inconnu ou vide n'affiche rien (ce n'est pas une erreur).",
  },
  {
    tag: '{#liste} … {/liste}',
    text: 'répète ce qui est entre les deux balises pour chaque ligne de la liste ; seules sur leurs paragraphes, les balises répètent des paragraphes entiers et disparaissent.',
  },
  {
    tag: '{#champ} … {/champ}',
    text: "sur un champ texte, n'affiche le contenu que si le champ n'est pas vide.",
  },
  {
    tag: 'Retours à la ligne',
    text: "un retour à la ligne dans une valeur (le commentaire de la décision par exemple) devient un retour à la ligne dans l'arrêté.",
  },
  {
    tag: 'Saisie des balises',
    text: "tapez chaque balise d'un seul geste (ou retapez-la) : Word peut couper une balise saisie en plusieurs fois. Un modèle dont une balise est mal fermée est refusé à l'enregistrement, avec le nom de la balise en cause.",
  },
];

/** The main fields, each printed as French text (dates JJ/MM/AAAA, Oui/Non, decimals with a comma, codes by their labels). */
export const TEMPLATE_FIELDS: readonly { name: string; text: string }[] = [
  {
    name: 'numero, numero_affaire, reference',
    text: "numéro de la demande, numéro d'affaire, référence du demandeur",
  },
  { name: 'type_demande', text: 'type de demande' },
  {
    name: 'date_depot, date_debut, date_fin, nombre_jours',
    text: 'dépôt, début et fin des travaux, nombre de jours',
  },
  { name: 'date_du_jour', text: "date de la génération (date de l'arrêté)" },
  {
    name: 'demandeur_nom, demandeur_adresse_complete, demandeur_designation',
    text: 'demandeur et son adresse, ou les deux (« Marie Durand, demeurant … ») ; aussi demandeur_adresse, demandeur_code_postal, demandeur_commune, demandeur_email, demandeur_telephone',
  },
  { name: 'beneficiaire_…', text: 'les mêmes champs pour le bénéficiaire (vides sans bénéficiaire)' },
  {
    name: 'titulaire_nom, titulaire_designation',
    text: "à qui l'arrêté est délivré : le bénéficiaire s'il y en a un, sinon le demandeur",
  },
  { name: 'adresse, code_postal, commune, lieu_dit, localisation', text: 'adresse des travaux' },
  { name: 'parcelles, sections', text: 'parcelles et sections cadastrales' },
  {
    name: 'type_voie, numero_voie, en_agglomeration, pr_debut, pr_fin',
    text: 'voie, agglomération (Oui/Non), points de repère',
  },
  { name: 'projet, operateur, nature_travaux', text: 'projet, opérateur, nature des travaux' },
  {
    name: 'decision, decision_issue, commentaire_decision',
    text: '« Favorable » ou « Défavorable », « accordée » ou « refusée », commentaire de la décision',
  },
  {
    name: 'motifs_refus, motif_demande, motif_hors_competence',
    text: 'motifs de refus, motif de la demande d’alignement, hors compétence',
  },
  {
    name: 'numero_arrete_alignement, dossier_urbanisme',
    text: "numéro de l'arrêté d'alignement, autorisation d'urbanisme (type et numéro)",
  },
  {
    name: 'annexes_liste',
    text: "annexes de la décision jointes à l'arrêté (« Annexe 1 : plan.pdf ; … »), vide si elles ne sont pas jointes",
  },
  { name: 'destinataires_liste', text: "destinataires de l'arrêté" },
  {
    name: 'cerfa_<champ>, alignement_<champ>',
    text: "chaque champ du Cerfa 14023 ou de la demande d'alignement (ex. cerfa_decision_roadway_trench)",
  },
  {
    name: 'circulation_date_debut, circulation_duree, circulation_date_fin, circulation_voie',
    text: 'arrêté de police de la circulation (Cerfa 14024) : début de la réglementation, durée en jours, dernier jour, voie (« Route départementale n° 652 »)',
  },
  {
    name: 'circulation_sens, circulation_fermeture, circulation_basculement, circulation_alternee',
    text: 'sens de circulation concerné ; « Oui » en cas de fermeture ou de basculement sur la chaussée opposée ; circulation alternée « par feux tricolores » ou « manuellement »',
  },
  {
    name: 'circulation_restrictions, circulation_largeur_maintenue, circulation_voies_supprimees, circulation_vitesse',
    text: "restrictions (section courante, bretelles, bande d'arrêt d'urgence, empiètement, suppression de voie), largeur de voie maintenue (m), voies neutralisées, vitesse limitée (km/h)",
  },
  {
    name: 'circulation_interdiction_circuler, circulation_interdiction_stationner, circulation_interdiction_depasser',
    text: '« véhicules légers », « poids lourds » ou les deux ; vide sans interdiction',
  },
  {
    name: 'circulation_deviation_prevue, circulation_deviation, circulation_autres_prescriptions',
    text: "« Oui » si une déviation est prévue ; itinéraire de déviation et autres prescriptions tels que l'instructeur les rédige pour l'arrêté publié (jamais le texte du demandeur)",
  },
  {
    name: 'circulation_description, circulation_permission_anterieure',
    text: 'travaux par leurs libellés (thèmes et nature) ; « Oui » si une permission antérieure est déclarée',
  },
  {
    name: 'circulation_demandeur, circulation_lieu',
    text: 'demandeur désigné par sa nature (« un particulier », « une entreprise »), pour le compte de l’opérateur de réseau enregistré ; lieu : voie la plus proche et commune selon les référentiels (« Rue des Pins, 40130 Capbreton »)',
  },
  {
    name: 'circulation_signalisation, circulation_signalisation_par',
    text: 'qui pose, maintient et retire la signalisation, en mots fixes (« une entreprise spécialisée… », « le demandeur », « le bénéficiaire de la permission ») ; « Le demandeur » ou « Une entreprise spécialisée »',
  },
  {
    name: 'Arrêté de police de la circulation',
    text: 'publié une fois signé : il ne reçoit que les champs circulation_…, numero, numero_affaire, date_depot, date_du_jour, pr_debut, pr_fin et commune — aucun nom, adresse, coordonnée ni destinataire',
  },
  {
    name: 'Listes : adresses, rues, destinataires, annexes',
    text: 'adresses secondaires (adresse, localisation, prescription…), rues d’alignement (nom, competence, points), destinataires (nom, mail), annexes jointes (numero, nom)',
  },
];
