/** The visitor's words about stock (docs/site.md "Stock") in each site language (library keys). */
export interface StockWords {
  /** A variation or product with no stock left (product page). */
  outOfStock: string;
  /** The checkout's refusal when a line has fewer units left than asked. */
  notEnough: string;
}

const STOCK_WORDS: Record<string, StockWords> = {
  'zh-CN': { outOfStock: '缺货', notEnough: '购物车中的部分商品库存不足,请减少数量或移除后再提交。' },
  en: {
    outOfStock: 'Out of stock',
    notEnough: 'Some items in your cart are out of stock or not available in this quantity. Please change the cart.',
  },
  fr: {
    outOfStock: 'Rupture de stock',
    notEnough:
      'Certains articles de votre panier sont en rupture de stock ou indisponibles dans cette quantité. Veuillez modifier le panier.',
  },
  de: {
    outOfStock: 'Nicht vorrätig',
    notEnough:
      'Einige Artikel im Warenkorb sind nicht oder nicht in dieser Menge vorrätig. Bitte ändern Sie den Warenkorb.',
  },
  it: {
    outOfStock: 'Esaurito',
    notEnough: 'Alcuni articoli del carrello sono esauriti o non disponibili in questa quantità. Modifica il carrello.',
  },
  es: {
    outOfStock: 'Agotado',
    notEnough: 'Algunos artículos del carrito están agotados o no hay suficientes unidades. Modifica el carrito.',
  },
  nl: {
    outOfStock: 'Niet op voorraad',
    notEnough:
      'Sommige artikelen in je winkelwagen zijn niet of niet in dit aantal op voorraad. Pas de winkelwagen aan.',
  },
  ja: {
    outOfStock: '在庫切れ',
    notEnough: 'カート内の一部の商品は在庫切れ、または在庫数が不足しています。カートを変更してください。',
  },
  se: {
    outOfStock: 'Slut i lager',
    notEnough: 'Några varor i varukorgen är slut i lager eller finns inte i detta antal. Ändra varukorgen.',
  },
  pl: {
    outOfStock: 'Brak w magazynie',
    notEnough: 'Niektóre produkty w koszyku są niedostępne lub nie ma ich w tej ilości. Zmień zawartość koszyka.',
  },
  br: {
    outOfStock: 'Esgotado',
    notEnough: 'Alguns itens do carrinho estão esgotados ou não há unidades suficientes. Altere o carrinho.',
  },
  ae: {
    outOfStock: 'نفد من المخزون',
    notEnough: 'بعض المنتجات في سلة التسوق غير متوفرة أو الكمية المطلوبة غير متوفرة. يرجى تعديل السلة.',
  },
};

export const stockWordsOf = (lang: string): StockWords => STOCK_WORDS[lang] ?? STOCK_WORDS.en!;
