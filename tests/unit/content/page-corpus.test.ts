// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteDomainOf } from '../../../components/similar/read-page';
import { readPageSignals } from '../../../lib/content/signals';
import { readPage, sameName } from '../../../lib/page-reading';

/**
 * Heads of real pages (tests/fixtures/page-heads, each naming its source), read as Adscope reads
 * a page: the find-similar script's signals, then the panel's reading. Each row says what a
 * person sees there: the site's name, the product's maker where the page names one apart from
 * the product's own title (in metadata, a byline, a details row), the language; and for a
 * store's product page, the store's platform.
 */
interface CorpusPage {
  file: string;
  url: string;
  kind: 'news' | 'store' | 'shopify' | 'saas' | 'publisher';
  site: string;
  maker?: string;
  language: string;
  /** A store product page's shop software or marketplace. */
  platform?: string;
}

const CORPUS: CorpusPage[] = [
  {
    file: 'rory-kramer-shopify.html',
    url: 'https://rorykramer.com/',
    kind: 'shopify',
    site: 'Rory Kramer',
    language: 'en',
  },
  {
    file: 'delish-kitchen.html',
    url: 'https://delishkitchen.tv/recipes/153667539426083235',
    kind: 'publisher',
    site: 'デリッシュキッチン',
    language: 'ja',
  },
  {
    file: 'le-monde.html',
    url: 'http://www.lemonde.fr/pixels/article/2015/05/04/que-contient-la-loi-sur-le-renseignement_4627068_4408996.html',
    kind: 'news',
    site: 'Le Monde',
    language: 'fr',
  },
  {
    file: 'ebrosia.html',
    url: 'https://www.ebrosia.de/beringer-zinfandel-rose-stone-cellars-lieblich-suess',
    kind: 'store',
    site: 'ebrosia',
    maker: 'Beringer',
    language: 'de',
    platform: 'Shopware',
  },
  {
    file: 'infobae.html',
    url: 'https://www.infobae.com/colombia/2026/08/24/terremoto-sacudio-el-bolsillo-de-los-colombianos-el-consumo-cayo-89-tras-el-fuerte-sismo-del-10-de-agosto/',
    kind: 'news',
    site: 'Infobae',
    language: 'es',
  },
  {
    file: 'spiegel.html',
    url: 'https://www.spiegel.de/spiegel/print/d-161500790.html',
    kind: 'news',
    site: 'SPIEGEL ONLINE',
    language: 'de',
  },
  {
    file: 'france-culture.html',
    url: 'https://www.franceculture.fr/emissions/le-journal-des-idees/le-journal-des-idees-emission-du-mardi-14-janvier-2020',
    kind: 'news',
    site: 'France Culture',
    language: 'fr',
  },
  {
    file: 'two-for-fashion.html',
    url: 'https://www.otto.de/twoforfashion/strohtasche/',
    kind: 'publisher',
    site: 'Two For Fashion',
    language: 'de',
  },
  {
    file: 'eluniverso.html',
    url: 'https://www.eluniverso.com/noticias/seguridad/kenia-brindara-apoyo-para-repatriar-restos-de-michele-sensi-contugi-y-su-esposa-tras-accidente-de-helicoptero-nota/',
    kind: 'news',
    site: 'El Universo',
    language: 'es',
  },
  {
    file: 'sueddeutsche.html',
    url: 'https://www.sueddeutsche.de/wirtschaft/bahn-flixbus-flixtrain-deutschlandtakt-fernverkehr-1.4445845',
    kind: 'news',
    site: 'Süddeutsche.de',
    language: 'de',
  },
  {
    file: 'la-vie-des-idees.html',
    url: 'http://www.laviedesidees.fr/L-evaluation-et-les-listes-de.html',
    kind: 'publisher',
    site: 'La Vie des idées',
    language: 'fr',
  },
  {
    file: 'al-jazeera.html',
    url: 'https://www.aljazeera.com/news/2026/6/11/thousands-of-malawians-flee-homes-in-south-africa-amid-xenophobic-threats',
    kind: 'news',
    site: 'Al Jazeera',
    language: 'en',
  },
  {
    file: 'deutsche-welle.html',
    url: 'https://www.dw.com/en/uncork-the-mystery-of-germanys-fr%C3%BChburgunder/a-16863843',
    kind: 'news',
    site: 'Deutsche Welle',
    language: 'en',
  },
  {
    file: 'scmp.html',
    url: 'https://www.scmp.com/comment/opinion/article/3046526/taiwanese-president-tsai-ing-wens-political-playbook-should-be',
    kind: 'news',
    site: 'South China Morning Post',
    language: 'en',
  },
  {
    file: 'heise.html',
    url: 'https://www.heise.de/newsticker/meldung/Lithium-aus-dem-Schredder-4451133.html',
    kind: 'news',
    site: 'heise online',
    language: 'de',
  },
  {
    file: 'aktualne.html',
    url: 'https://sport.aktualne.cz/fotbal/zahranici/west-ham-hrozi-gigantum-okouzlil-i-linekera-souckovu-praci-j/r~8fa032ba3add11ec8a900cc47ab5f122/',
    kind: 'news',
    site: 'Aktuálně.cz',
    language: 'cs',
  },
  {
    file: 'folha.html',
    url: 'https://www1.folha.uol.com.br/esporte/2018/12/tite-diz-que-errou-ao-levar-taca-da-libertadores-a-lula-em-2012.shtml',
    kind: 'news',
    site: 'Folha de S.Paulo',
    language: 'pt',
  },
  {
    file: 'gitlab-blog.html',
    url: 'https://about.gitlab.com/blog/2024/06/25/3-surprising-findings-from-our-2024-global-devsecops-survey/',
    kind: 'saas',
    site: 'GitLab',
    language: 'en',
  },
  {
    file: 'dropbox-tech.html',
    url: 'https://dropbox.tech/infrastructure/asynchronous-task-scheduling-at-dropbox',
    kind: 'saas',
    site: 'Dropbox',
    language: 'en',
  },
  {
    file: 'france24.html',
    url: 'http://www.france24.com/en/20150512-bangladesh-third-blogger-hacked-death',
    kind: 'news',
    site: 'France 24',
    language: 'en',
  },
  {
    file: 'pixnet-blog.html',
    url: 'http://stevenhgm.pixnet.net/blog/post/39926056',
    kind: 'publisher',
    site: '史蒂文的家_藍天',
    language: 'zh',
  },
  {
    file: 'spinneys.html',
    url: 'https://www.spinneyslebanon.com/mevgal-bio-feta-cheese-200g.html',
    kind: 'store',
    site: 'Spinneys Lebanon',
    language: 'en',
    platform: "a supermarket's own shop",
  },
  {
    file: 'fye.html',
    url: 'https://www.fye.com/',
    kind: 'store',
    site: 'FYE',
    language: 'en',
    platform: "a media store's own shop",
  },
  {
    file: 'allrecipes.html',
    url: 'https://www.allrecipes.com/hot-honey-brussels-sprouts-recipe-11832010',
    kind: 'publisher',
    site: 'Allrecipes',
    language: 'en',
  },
  {
    file: 'android-developers.html',
    url: 'https://android-developers.googleblog.com/2018/03/android-things-developer-preview-7.html',
    kind: 'saas',
    site: 'Android Developers Blog',
    language: 'en',
  },
  {
    file: 'liberation.html',
    url: 'http://www.liberation.fr/monde/2015/04/30/un-troisieme-francais-mort-dans-le-seisme-au-nepal_1278483',
    kind: 'news',
    site: 'Libération',
    language: 'fr',
  },
  {
    file: 'ars-technica.html',
    url: 'https://arstechnica.com/information-technology/2015/04/just-released-minecraft-exploit-makes-it-easy-to-crash-game-servers/',
    kind: 'news',
    site: 'Ars Technica',
    language: 'en',
  },
  {
    file: 'buzzfeed-news.html',
    url: 'http://www.buzzfeed.com/markdistefano/diet-pills-burns-up',
    kind: 'news',
    site: 'BuzzFeed',
    language: 'en',
  },
  {
    file: 'yahoo-news.html',
    url: 'https://us.yahoo.com/news/',
    kind: 'news',
    site: 'Yahoo News',
    language: 'en',
  },
  {
    file: 'pc-gamer.html',
    url: 'https://www.pcgamer.com/an-illusionist-in-skyrim-part-1/',
    kind: 'news',
    site: 'PC Gamer',
    language: 'en',
  },
  {
    file: 'reuters.html',
    url: 'https://www.reuters.com/article/us-awards-sag-idUSKBN1ZI0EH',
    kind: 'news',
    site: 'Reuters',
    language: 'en',
  },
  {
    file: 'letstango.html',
    url: 'http://www.letstango.com/product/casio-edifices-efv-510d-2avudf-men-s-watch-avudf',
    kind: 'store',
    site: "Let's Tango",
    language: 'en',
    platform: 'Magento',
  },
  {
    file: 'radioshack-egypt.html',
    url: 'https://radioshack.com.eg/en/airwheel-m3-awm3br-electric-skateboard-stand-60-0929',
    kind: 'store',
    site: 'RadioShack Egypt',
    maker: 'Airwheel',
    language: 'en',
    platform: 'OpenCart',
  },
  {
    file: 'hero-mea-store.html',
    url: 'http://www.herobabystore.com/3-fruits-3/',
    kind: 'store',
    site: 'Hero MEA Store',
    language: 'en',
    platform: 'BigCommerce',
  },
  {
    file: 'cam4sell.html',
    url: 'https://www.cam4sell.com/nikon-d3400-kit-18-55-vr-16gb-c10-bag/',
    kind: 'store',
    site: 'Cam4sell',
    language: 'en',
    platform: 'CS-Cart',
  },
  {
    file: 'ariika.html',
    url: 'http://www.ariika.com/product/willow-bean-bag/',
    kind: 'store',
    site: 'Ariika',
    language: 'en',
    platform: 'WooCommerce',
  },
  {
    file: 'oriflame-egypt.html',
    url: 'https://eg.oriflame.com/en/products/product?code=31273',
    kind: 'store',
    site: 'Oriflame',
    maker: 'Activelle',
    language: 'en',
    platform: "a cosmetics maker's own shop",
  },
  {
    file: 'network-health.html',
    url: 'https://www.networkhealth.com/network-health-plan-info/all/find-a-doctor/provider-search-provider-detail.aspx?Id=P00138746&Network=HMO%2fPOS',
    kind: 'saas',
    site: 'Network Health',
    language: 'en',
  },
  {
    file: 'stips.html',
    url: 'https://stips.co.il/ask/5163110/%D7%90%D7%99%D7%9A-%D7%94%D7%94%D7%A8%D7%92%D7%A9%D7%94-%D7%96%D7%94-%D7%9C%D7%94%D7%99%D7%95%D7%AA-%D7%98%D7%91%D7%A2%D7%95%D7%A0%D7%99',
    kind: 'publisher',
    site: 'Stips',
    language: 'he',
  },
  {
    file: 'ikea-egypt.html',
    url: 'http://www.ikea.com/eg/en/catalog/products/00302502/',
    kind: 'store',
    site: 'IKEA',
    language: 'en',
    platform: "a furniture maker's own shop",
  },
  {
    file: 'autoevolution.html',
    url: 'http://www.autoevolution.com/cars/',
    kind: 'publisher',
    site: 'autoevolution',
    language: 'en',
  },
  {
    file: 'daft-ie.html',
    url: 'http://www.daft.ie/ireland/houses-for-sale/',
    kind: 'publisher',
    site: 'Daft.ie',
    language: 'en',
  },
  {
    file: 'zalando.html',
    url: 'https://www.zalando.de/jack-and-jones-premium-jjimarco-jjsandy-melange-chino-grey-melange-jam22e004-c11.html',
    kind: 'store',
    site: 'Zalando',
    maker: 'Jack & Jones PREMIUM',
    language: 'de',
    platform: "a fashion marketplace's own shop",
  },
  {
    file: 'amazon-de.html',
    url: 'https://www.amazon.de/WINOMO-Kleiderhaken-Klappbar-Wand-Kleiderst%C3%A4nder/dp/B01DQDZVCO',
    kind: 'store',
    site: 'Amazon',
    maker: 'WINOMO',
    language: 'de',
    platform: "a marketplace's own shop",
  },
  {
    file: 'jumia-egypt.html',
    url: 'https://www.jumia.com.eg/tl-wr740n-150mbps-wireless-n-router-tp-link-mpg5082.html',
    kind: 'store',
    site: 'Jumia Egypt',
    maker: 'TP Link',
    language: 'en',
    platform: "an African marketplace's own shop",
  },
  {
    file: 'hm-germany.html',
    url: 'https://www2.hm.com/de_de/productpage.0736967002.html',
    kind: 'store',
    site: 'H&M',
    language: 'de',
    platform: "a fashion maker's own shop",
  },
  {
    file: 'imob-shop.html',
    url: 'https://www.imobshop.sg/jara-petit-cheesecups-fnbpromo-1533',
    kind: 'store',
    site: 'iMOB Shop',
    language: 'en',
    platform: 'Magento',
  },
  {
    file: 'asos-germany.html',
    url: 'https://www.asos.de/asos-design/asos-design-extrem-enge-jeans-in-schwarz/prd/6655290',
    kind: 'store',
    site: 'ASOS',
    language: 'de',
    platform: "a fashion store's own shop",
  },
  {
    file: 'futurezone.html',
    url: 'https://futurezone.at/digital-life/uber-konkurrent-lyft-startet-mit-waymo-robotertaxis-in-usa/400487461',
    kind: 'news',
    site: 'futurezone.at',
    language: 'de',
  },
  {
    file: 'github-blog.html',
    url: 'https://github.blog/2019-03-29-leader-spotlight-erin-spiceland/',
    kind: 'saas',
    site: 'The GitHub Blog',
    language: 'en',
  },
  {
    file: 'scilogs.html',
    url: 'https://scilogs.spektrum.de/engelbart-galaxis/die-ablehnung-der-gendersprache/',
    kind: 'publisher',
    site: 'Die Engelbart-Galaxis',
    language: 'de',
  },
  {
    file: 'amazon-fr.html',
    url: 'https://www.amazon.fr/HP-Chromebook-12b-ca0000sf-Ultraportable-Convertible/dp/B08RJGPSK6',
    kind: 'store',
    site: 'Amazon',
    maker: 'HP',
    language: 'fr',
    platform: "a marketplace's own shop",
  },
  {
    file: 'zalando-france.html',
    url: 'https://www.zalando.fr/hessnatur-pantalon-classique-marine-h0721a01m-k11.html',
    kind: 'store',
    site: 'Zalando',
    maker: 'hessnatur',
    language: 'fr',
    platform: "a fashion marketplace's own shop",
  },
  {
    file: 'snipes.html',
    url: 'https://www.snipes.com/p/adidas-marble_leggings-multicolor%2Fmulticolor-00013801702421.html',
    kind: 'store',
    site: 'Snipes',
    maker: 'adidas',
    language: 'de',
    platform: 'Salesforce Commerce Cloud',
  },
  {
    file: 'jumia-egypt-arabic.html',
    url: 'https://www.jumia.com.eg/ar/se3631-3-power-sockets-6-usb-charger-ldnio-mpg19555.html',
    kind: 'store',
    site: 'Jumia مصر',
    maker: 'LDNIO',
    language: 'ar',
    platform: "an African marketplace's own shop",
  },
  {
    file: 'radioshack-egypt-casio.html',
    url: 'https://radioshack.com.eg/en/casio-analoge-clock-tq-218-63-08783',
    kind: 'store',
    site: 'RadioShack Egypt',
    maker: 'Casio',
    language: 'en',
    platform: 'OpenCart',
  },
  {
    file: 'otto.html',
    url: 'https://www.otto.de/p/samsung-side-by-side-rs6ga884csl-178-cm-hoch-91-2-cm-breit-1524534276/',
    kind: 'store',
    site: 'OTTO',
    maker: 'Samsung',
    language: 'de',
    platform: "a department store's marketplace",
  },
  {
    file: 'oriflame-egypt-roll-on.html',
    url: 'https://eg.oriflame.com/en/products/product?code=31270',
    kind: 'store',
    site: 'Oriflame',
    maker: 'Activelle',
    language: 'en',
    platform: "a cosmetics maker's own shop",
  },
  {
    file: 'fatto-in-casa-da-benedetta.html',
    url: 'https://www.fattoincasadabenedetta.it/ricetta/torta-fredda-al-limone/',
    kind: 'publisher',
    site: 'Fatto in casa da Benedetta',
    language: 'it',
  },
  {
    file: 'the-verge.html',
    url: 'https://www.theverge.com/2019/7/3/20680681/ios-13-beta-3-facetime-attention-correction-eye-contact',
    kind: 'news',
    site: 'The Verge',
    language: 'en',
  },
  {
    file: 'monster-pet-supplies.html',
    url: 'https://www.monsterpetsupplies.co.uk/cat/cat-flea-tick/johnsons-4-fleas-cats-kittens',
    kind: 'store',
    site: 'Monster Pet Supplies',
    maker: 'Johnsons',
    language: 'en',
    platform: "a pet-supplies shop's own (ASP.NET)",
  },
  {
    file: 'amazon-de-washer.html',
    url: 'https://www.amazon.de/Candy-RO-1486DWMCE-1-S-Waschmaschine/dp/B08R3YHPK1',
    kind: 'store',
    site: 'Amazon',
    maker: 'Candy',
    language: 'de',
    platform: "a marketplace's own shop",
  },
];

function read(page: CorpusPage) {
  const html = readFileSync(path.resolve('tests/fixtures/page-heads', page.file), 'utf8');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const signals = readPageSignals(doc, page.url);
  return readPage(signals, siteDomainOf(signals.hostname));
}

/** Texts a person never takes for a name, checked apart from the reading's own rules. */
const NOT_A_NAME: [string, RegExp][] = [
  ['a file name or identifier', /^[\x21-\x7e]*(?:_|\.(?:png|jpe?g|gif|svg|webp)$|[-@]\d+x$)[\x21-\x7e]*$/i],
  ['the word logo', /^(?:logo|logotipo|logotype)\b|\b(?:logo|logotipo|logotype)$/i],
  ['a domain ending or punctuation', /^(?:\.[a-z]{2,}|[\s\p{P}\p{S}]*)$/iu],
  ['a number or code', /^(?:[\d\s.,:/#-]+|\S*\d\S*\d\S*\d\S*)$/],
  ['a promotion', /%|\b(?:sale|deals?|discount|rabatt|angebot|soldes|rebajas|oferta)\b/i],
  ['a parenthetical', /\(.*\)/],
];

/** Site names first on at least 58 of every 60 pages; makers found on at least 13 of every 15 store pages that name one. */
const SITE_MISSES_PER_60 = 2;
const MAKER_MISSES_PER_15 = 2;
/** Pages that name no language of their own: the extension leaves theirs to the browser's detection. */
const PAGES_THAT_NAME_NO_LANGUAGE = ['otto.html', 'the-verge.html', 'monster-pet-supplies.html'];

describe('a corpus of real page heads', () => {
  const readings = CORPUS.map((page) => ({ page, reading: read(page) }));
  const storePages = CORPUS.filter((page) => page.kind === 'store');

  it('names the site first on at least 58 of every 60 of them', () => {
    const misses = readings
      .filter(({ page, reading }) => !sameName(reading.siteNames[0]?.name ?? '', page.site))
      .map(({ page, reading }) => `${page.file}: ${reading.siteNames[0]?.name ?? 'nothing'} (expected ${page.site})`);
    expect(misses.length, misses.join('\n')).toBeLessThanOrEqual(Math.floor((CORPUS.length * SITE_MISSES_PER_60) / 60));
  });

  it('never offers first a text that is no name: a file name, the word logo, a domain ending, a number or code, a promotion, a parenthetical', () => {
    const offered = readings.flatMap(({ page, reading }) =>
      [reading.siteNames[0]?.name, reading.makerNames[0]?.name]
        .filter((name): name is string => Boolean(name))
        .flatMap((name) =>
          NOT_A_NAME.filter(([, pattern]) => pattern.test(name)).map(([what]) => `${page.file}: “${name}” is ${what}`),
        ),
    );
    expect(offered).toEqual([]);
  });

  it('finds the language of at least 98% of them, and leaves it to the browser only where the page names none', () => {
    // A page that names no language anywhere (no lang attribute, no Content-Language, og:locale or inLanguage) is read
    // by the browser's own detection of its text, which the extension asks for and this table cannot: such pages are
    // listed here, and every other page is held to the language a person sees.
    const leftToTheBrowser = readings
      .filter(({ reading }) => reading.languageSource === 'none')
      .map(({ page }) => page.file);
    expect(leftToTheBrowser).toEqual(PAGES_THAT_NAME_NO_LANGUAGE);
    const misses = readings
      .filter(({ page, reading }) => reading.languageSource !== 'none' && reading.language !== page.language)
      .map(({ page, reading }) => `${page.file}: ${reading.language || 'none'} (expected ${page.language})`);
    expect(misses.length / CORPUS.length, misses.join('\n')).toBeLessThanOrEqual(0.02);
  });

  it('offers the maker on at least 13 of every 15 store pages that name one, and no maker where none is named', () => {
    const named = readings.filter(({ page }) => page.maker);
    const misses = named
      .filter(({ page, reading }) => !reading.makerNames.some((name) => sameName(name.name, page.maker ?? '')))
      .map(
        ({ page, reading }) =>
          `${page.file}: ${reading.makerNames.map((name) => name.name).join(', ') || 'nothing'} (expected ${page.maker})`,
      );
    expect(misses.length, misses.join('\n')).toBeLessThanOrEqual(Math.floor((named.length * MAKER_MISSES_PER_15) / 15));
    for (const { page, reading } of readings.filter(({ page }) => !page.maker)) {
      expect([page.file, reading.makerNames.map((name) => name.name)]).toEqual([page.file, []]);
    }
  });

  it('holds 60 real pages, each fixture in the table once', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CORPUS.map((page) => page.file)).size).toBe(CORPUS.length);
    expect(readdirSync(path.resolve('tests/fixtures/page-heads')).sort()).toEqual(
      CORPUS.map((page) => page.file).sort(),
    );
  });

  it('holds at least 15 store product pages from at least 8 different stores and platforms, none more than twice', () => {
    expect(storePages.length).toBeGreaterThanOrEqual(15);
    // The maker's reading is held to at least 15 store pages that name one, from at least 8 stores.
    const naming = storePages.filter((page) => page.maker);
    expect(naming.length).toBeGreaterThanOrEqual(15);
    expect(new Set(naming.map((page) => new URL(page.url).hostname)).size).toBeGreaterThanOrEqual(8);
    expect(storePages.filter((page) => !page.platform).map((page) => page.file)).toEqual([]);
    const perStore = new Map<string, number>();
    for (const page of storePages) {
      const host = new URL(page.url).hostname;
      perStore.set(host, (perStore.get(host) ?? 0) + 1);
    }
    expect([...perStore].filter(([, count]) => count > 2)).toEqual([]);
    expect(perStore.size).toBeGreaterThanOrEqual(15);
    expect(new Set(storePages.map((page) => page.platform)).size).toBeGreaterThanOrEqual(8);
  });

  it('would fail for a text of each kind offered first, and passes every site and maker the table names', () => {
    // The no-name check above is only as good as its patterns: each must catch a text of its kind (as pages offer
    // them) and none may catch a real name from the table.
    const samples: Record<string, string> = {
      'a file name or identifier': 'brand_logotype_black',
      'the word logo': 'Logo',
      'a domain ending or punctuation': '.fr',
      'a number or code': '2024-05-01',
      'a promotion': 'Soldes -50%',
      'a parenthetical': 'Jane Roe (Author)',
    };
    expect(NOT_A_NAME.filter(([what, pattern]) => !pattern.test(samples[what] ?? '')).map(([what]) => what)).toEqual(
      [],
    );
    const names = CORPUS.flatMap((page) => [page.site, page.maker ?? '']).filter(Boolean);
    expect(names.filter((name) => NOT_A_NAME.some(([, pattern]) => pattern.test(name)))).toEqual([]);
  });

  it('covers news, SaaS, a Shopify brand, publishers and stores, in English, Japanese, French, German, Spanish, Italian, Czech, Portuguese, Chinese, Hebrew and Arabic', () => {
    const kinds = new Set(CORPUS.map((page) => page.kind));
    expect(
      ['news', 'saas', 'shopify', 'publisher', 'store'].filter((kind) => !kinds.has(kind as CorpusPage['kind'])),
    ).toEqual([]);
    const languages = new Set(CORPUS.map((page) => page.language));
    expect(
      ['en', 'ja', 'fr', 'de', 'es', 'it', 'cs', 'pt', 'zh', 'he', 'ar'].filter((language) => !languages.has(language)),
    ).toEqual([]);
  });
});
