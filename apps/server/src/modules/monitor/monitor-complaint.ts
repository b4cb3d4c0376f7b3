import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { formatMoney, minor } from '@console/shared/money';
import type { CaseEvidence } from './monitor.tables.js';

/**
 * Texts of a removal case (issue 15 §4): the complaint the brand owner files with Amazon
 * (Brand Registry "Report a violation" or Seller Support), in Chinese for the user and in the
 * marketplace's language for Amazon, and a warning message to the follower. Generated from
 * the case's evidence; the user reviews and files them (SP-API has no complaint call).
 */

/** What the texts are made from. */
export interface CaseFacts {
  asin: string;
  marketplace: string;
  title: string;
  brand: string;
  currency: string;
  sellerId: string;
  sellerName: string;
  evidence: CaseEvidence[];
}

type Lang = 'en' | 'de' | 'fr' | 'es' | 'it' | 'ja' | 'nl' | 'sv';

/** The language of the complaint in a marketplace (the UAE and English sites: English). */
export function complaintLanguage(marketplace: string): Lang {
  const tag = marketplaceByCode(marketplace)?.languageTag ?? 'en_US';
  const l = tag.slice(0, 2) as Lang;
  return (['en', 'de', 'fr', 'es', 'it', 'ja', 'nl', 'sv'] as const).includes(l) ? l : 'en';
}

const LOCAL: Record<Lang, (f: CaseFacts, seen: string, first: string, domain: string) => string> = {
  en: (f, seen, first, d) =>
    `Subject: Unauthorized seller on our brand's ASIN ${f.asin}\n\nWe are the brand owner of "${f.brand}". Seller ${f.sellerName || f.sellerId} (Seller ID ${f.sellerId}) has been offering ${f.asin} ("${f.title}") on amazon.${d} since ${first} without our authorization. We do not supply this seller, so the items cannot be our genuine products in new condition.\n\nEvidence (offer snapshots):\n${seen}\n\nPlease investigate this seller and remove the offer from our listing.`,
  de: (f, seen, first, d) =>
    `Betreff: Nicht autorisierter Verkäufer auf der ASIN ${f.asin} unserer Marke\n\nWir sind Markeninhaber von „${f.brand}“. Der Verkäufer ${f.sellerName || f.sellerId} (Verkäufer-ID ${f.sellerId}) bietet ${f.asin} („${f.title}“) seit ${first} auf amazon.${d} ohne unsere Genehmigung an. Wir beliefern diesen Verkäufer nicht; es kann sich daher nicht um unsere Originalware handeln.\n\nNachweise (Angebots-Schnappschüsse):\n${seen}\n\nBitte prüfen Sie diesen Verkäufer und entfernen Sie sein Angebot von unserem Artikel.`,
  fr: (f, seen, first, d) =>
    `Objet : Vendeur non autorisé sur l'ASIN ${f.asin} de notre marque\n\nNous sommes le propriétaire de la marque « ${f.brand} ». Le vendeur ${f.sellerName || f.sellerId} (ID vendeur ${f.sellerId}) propose ${f.asin} (« ${f.title} ») sur amazon.${d} depuis le ${first} sans notre autorisation. Nous ne fournissons pas ce vendeur ; il ne peut donc s'agir de nos produits authentiques.\n\nPreuves (relevés des offres) :\n${seen}\n\nMerci d'enquêter sur ce vendeur et de retirer son offre de notre fiche.`,
  es: (f, seen, first, d) =>
    `Asunto: Vendedor no autorizado en el ASIN ${f.asin} de nuestra marca\n\nSomos el propietario de la marca «${f.brand}». El vendedor ${f.sellerName || f.sellerId} (ID de vendedor ${f.sellerId}) ofrece ${f.asin} («${f.title}») en amazon.${d} desde ${first} sin nuestra autorización. No suministramos a este vendedor, por lo que no puede tratarse de nuestros productos originales.\n\nPruebas (capturas de ofertas):\n${seen}\n\nLes rogamos que investiguen a este vendedor y retiren su oferta de nuestro anuncio.`,
  it: (f, seen, first, d) =>
    `Oggetto: Venditore non autorizzato sull'ASIN ${f.asin} del nostro marchio\n\nSiamo il titolare del marchio "${f.brand}". Il venditore ${f.sellerName || f.sellerId} (ID venditore ${f.sellerId}) offre ${f.asin} ("${f.title}") su amazon.${d} dal ${first} senza la nostra autorizzazione. Non riforniamo questo venditore, quindi non può trattarsi dei nostri prodotti originali.\n\nProve (istantanee delle offerte):\n${seen}\n\nVi chiediamo di verificare questo venditore e rimuovere la sua offerta dalla nostra inserzione.`,
  ja: (f, seen, first, d) =>
    `件名:当社ブランドのASIN ${f.asin} における無許可の出品者について\n\n当社は「${f.brand}」のブランド所有者です。出品者 ${f.sellerName || f.sellerId}(出品者ID ${f.sellerId})は ${first} から amazon.${d} で ${f.asin}(「${f.title}」)を当社の許可なく出品しています。当社はこの出品者に商品を供給しておらず、当社の正規品ではありません。\n\n証拠(出品情報の記録):\n${seen}\n\nこの出品者を調査し、当社の商品ページから出品を削除してください。`,
  nl: (f, seen, first, d) =>
    `Onderwerp: Niet-geautoriseerde verkoper op ASIN ${f.asin} van ons merk\n\nWij zijn de merkeigenaar van "${f.brand}". Verkoper ${f.sellerName || f.sellerId} (verkopers-ID ${f.sellerId}) biedt ${f.asin} ("${f.title}") sinds ${first} aan op amazon.${d} zonder onze toestemming. Wij leveren niet aan deze verkoper; het kan dus niet om onze originele producten gaan.\n\nBewijs (momentopnamen van aanbiedingen):\n${seen}\n\nWij verzoeken u deze verkoper te onderzoeken en het aanbod van onze pagina te verwijderen.`,
  sv: (f, seen, first, d) =>
    `Ämne: Obehörig säljare på vårt varumärkes ASIN ${f.asin}\n\nVi är varumärkesägare till "${f.brand}". Säljaren ${f.sellerName || f.sellerId} (säljar-ID ${f.sellerId}) erbjuder ${f.asin} ("${f.title}") på amazon.${d} sedan ${first} utan vårt tillstånd. Vi levererar inte till denna säljare, så varorna kan inte vara våra äkta produkter.\n\nBevis (ögonblicksbilder av erbjudanden):\n${seen}\n\nVänligen utred säljaren och ta bort erbjudandet från vår produktsida.`,
};

const WARNING: Record<Lang, (f: CaseFacts) => string> = {
  en: (f) =>
    `Hello ${f.sellerName || f.sellerId},\n\nYou are offering ASIN ${f.asin} of our registered brand "${f.brand}" without authorization. Please remove your offer within 48 hours; otherwise we will report the listing to Amazon for infringement and unauthorized selling.\n\nBrand owner of ${f.brand}`,
  de: (f) =>
    `Hallo ${f.sellerName || f.sellerId},\n\nSie bieten die ASIN ${f.asin} unserer eingetragenen Marke „${f.brand}“ ohne Genehmigung an. Bitte entfernen Sie Ihr Angebot innerhalb von 48 Stunden, andernfalls melden wir es Amazon als Rechtsverletzung.\n\nMarkeninhaber von ${f.brand}`,
  fr: (f) =>
    `Bonjour ${f.sellerName || f.sellerId},\n\nVous proposez l'ASIN ${f.asin} de notre marque déposée « ${f.brand} » sans autorisation. Merci de retirer votre offre sous 48 heures ; à défaut, nous la signalerons à Amazon pour contrefaçon.\n\nLe propriétaire de la marque ${f.brand}`,
  es: (f) =>
    `Hola ${f.sellerName || f.sellerId}:\n\nEstá ofreciendo el ASIN ${f.asin} de nuestra marca registrada «${f.brand}» sin autorización. Retire su oferta en un plazo de 48 horas; de lo contrario, la denunciaremos a Amazon por infracción.\n\nPropietario de la marca ${f.brand}`,
  it: (f) =>
    `Buongiorno ${f.sellerName || f.sellerId},\n\nState offrendo l'ASIN ${f.asin} del nostro marchio registrato "${f.brand}" senza autorizzazione. Vi preghiamo di rimuovere l'offerta entro 48 ore; in caso contrario la segnaleremo ad Amazon per violazione.\n\nTitolare del marchio ${f.brand}`,
  ja: (f) =>
    `${f.sellerName || f.sellerId} 様\n\n貴社は当社の登録ブランド「${f.brand}」のASIN ${f.asin} を許可なく出品しています。48時間以内に出品を取り下げてください。取り下げられない場合は、権利侵害としてAmazonに報告します。\n\n${f.brand} ブランド所有者`,
  nl: (f) =>
    `Beste ${f.sellerName || f.sellerId},\n\nU biedt ASIN ${f.asin} van ons geregistreerde merk "${f.brand}" aan zonder toestemming. Verwijder uw aanbod binnen 48 uur; anders melden wij het bij Amazon als inbreuk.\n\nMerkeigenaar van ${f.brand}`,
  sv: (f) =>
    `Hej ${f.sellerName || f.sellerId},\n\nNi erbjuder ASIN ${f.asin} av vårt registrerade varumärke "${f.brand}" utan tillstånd. Ta bort ert erbjudande inom 48 timmar, annars anmäler vi det till Amazon som intrång.\n\nVarumärkesägare av ${f.brand}`,
};

const stamp = (at: string) => `${at.slice(0, 10)} ${at.slice(11, 16)} UTC`;

function evidenceLines(f: CaseFacts, zh: boolean): string {
  return f.evidence
    .slice(-10)
    .map((e) => {
      const price = formatMoney(minor(e.price + e.shipping), f.currency);
      const ch = e.fba ? 'FBA' : 'FBM';
      return zh
        ? `- ${stamp(e.at)}:报价 ${price}(${ch})${e.buybox ? ',占据购物车' : ''}`
        : `- ${stamp(e.at)}: ${price} (${ch})${e.buybox ? ', Buy Box' : ''}`;
    })
    .join('\n');
}

/** The complaint in Chinese, the complaint in the marketplace's language, and the warning (marketplace language). */
export function caseTexts(f: CaseFacts) {
  const lang = complaintLanguage(f.marketplace);
  const domain = marketplaceByCode(f.marketplace)?.site ?? 'com';
  const first = f.evidence[0] ? stamp(f.evidence[0].at) : '';
  const zh = `主题:我方品牌ASIN ${f.asin} 存在未授权跟卖\n\n我方为品牌「${f.brand}」的所有者。卖家 ${f.sellerName || f.sellerId}(卖家ID ${f.sellerId})自 ${first} 起在 amazon.${domain} 上未经授权跟卖 ${f.asin}(「${f.title}」)。我方从未向该卖家供货,其所售商品不可能是我方正品。\n\n证据(报价快照):\n${evidenceLines(f, true)}\n\n请调查该卖家并将其报价从我方商品页面移除。`;
  return {
    complaint_zh: zh,
    complaint_local: LOCAL[lang](f, evidenceLines(f, false), first, domain),
    local_language: lang,
    warning: WARNING[lang](f),
  };
}
