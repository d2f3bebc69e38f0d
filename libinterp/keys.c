/*
 * $Keyring's keys, certificates and authentication: SigAlg, PK, SK,
 * Certificate and Authinfo, their text forms, signatures, key
 * generation, auth (the station-to-station protocol of keyring-auth(2))
 * and key files.  The formats are Inferno's, so that keys, certificates
 * and key files move between the two systems and auth works between
 * them: keyring(2) gives them.
 *
 * A PK, SK or Certificate hides its numbers after what Limbo sees: the
 * algorithm and IPints, which the collector sees as pointers (the
 * types are made here), in the order of the algorithm's text form.  A
 * public key's numbers are the first of its secret key's.  The hidden
 * IPints are never changed once made, so work on them is done with the
 * VM released, reading them in place (the caller's frame holds the key).
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>
#include <isa.h>
#include <interp.h>
#include <kernel.h>
#define	DigestState_copy	Keyring_DigestState_copy
#define	IPint_random	Keyring_IPint_random
#include "keyringrunt.h"
#include "raise.h"
#include "fns.h"
#include "keyring.h"

enum
{
	Aelgamal,
	Arsa,
	Adsa,
	Nalg,

	Maxpart	= 8,		/* numbers in a key */
	Maxbuf	= 4096,		/* a message of the key file or of auth */
	Maxname	= 20,		/* an algorithm's name */
};

typedef struct Alg Alg;
struct Alg
{
	char*	name;
	int	npk;		/* numbers of a public key */
	int	nsk;		/* of a secret key */
	int	nsig;		/* of a signature */
	char*	attr[Maxpart];	/* their names in the attribute form */
	char*	sigattr[2];
};

/* in Inferno's order of registration */
static Alg algs[Nalg] = {
	{"elgamal", 3, 4, 2, {"p", "alpha", "key", "!secret"}, {"r", "s"}},
	{"rsa", 2, 8, 1, {"n", "ek", "!dk", "!p", "!q", "!kp", "!kq", "!c2"}, {"val"}},
	{"dsa", 4, 5, 2, {"p", "q", "alpha", "key", "!secret"}, {"r", "s"}},
};

typedef struct XSigAlg XSigAlg;
typedef struct XKey XKey;
typedef struct XCert XCert;
struct XSigAlg
{
	Keyring_SigAlg	x;
	int	alg;
};
/* a PK or an SK */
struct XKey
{
	Keyring_PK	x;
	int	alg;
	void*	n[Maxpart];	/* IPints */
};
struct XCert
{
	Keyring_Certificate	x;
	int	alg;
	void*	n[2];
};

static char exBadSA[]	= "type not constructed correctly: bad signature algorithm";
static char exBadSK[]	= "type not constructed correctly: bad secret key";
static char exBadPK[]	= "type not constructed correctly: bad public key";
static char exBadCert[]	= "type not constructed correctly: bad certificate";
static char msgerr[]	= "input or format error";

static Type*	TSigAlg;
static Type*	TSK;
static Type*	TPK;
static Type*	TCert;
static Type*	TAuthinfo;
static uchar	Authinfomap[] = Keyring_Authinfo_map;

/* a type of size bytes with pointers at the words named in ptrs (ending -1) */
static Type*
mktype(int size, int *ptrs)
{
	uchar map[8];

	memset(map, 0, sizeof map);
	for(; *ptrs >= 0; ptrs++)
		map[*ptrs/8] |= 0x80 >> *ptrs%8;
	return dtype(nil, size, map, (size/IBY2WD+7)/8);
}

void
keysinit(void)
{
	static int sa[] = {0, -1};
	static int key[] = {0, 1, 3, 4, 5, 6, 7, 8, 9, 10, -1};
	static int cert[] = {0, 1, 2, 5, 6, -1};

	TSigAlg = mktype(sizeof(XSigAlg), sa);
	TSK = mktype(sizeof(XKey), key);
	TPK = mktype(sizeof(XKey), key);
	TCert = mktype(sizeof(XCert), cert);
	TAuthinfo = dtype(nil, Keyring_Authinfo_size, Authinfomap, sizeof(Authinfomap));
	fmtinstall('q', quotestrfmt);
}

static int
findalg(char *name)
{
	int i;

	for(i = 0; i < Nalg; i++)
		if(strcmp(algs[i].name, name) == 0)
			return i;
	return -1;
}

static XSigAlg*
newsigalg(int alg)
{
	XSigAlg *sa;

	sa = H2D(XSigAlg*, heap(TSigAlg));
	sa->alg = alg;
	retstr(algs[alg].name, &sa->x.name);
	return sa;
}

/* a new key of type t (TSK or TPK) for alg and owner, its numbers to come */
static XKey*
newkey(Type *t, int alg, String *owner, void **ret)
{
	XKey *k;

	k = H2D(XKey*, heap(t));
	destroy(*ret);
	*ret = k;
	k->alg = alg;
	k->x.sa = (Keyring_SigAlg*)newsigalg(alg);
	k->x.owner = owner;
	return k;
}

static XKey*
checkkey(void *v, Type *t)
{
	XKey *k;

	if(v == H || D2H(v)->t != t)
		error(t == TSK ? exBadSK : exBadPK);
	k = v;
	if(k->alg < 0 || k->alg >= Nalg)
		error(exBadSA);
	return k;
}

static XCert*
checkcert(void *v)
{
	if(v == H || D2H(v)->t != TCert)
		error(exBadCert);
	return v;
}

/* the first n numbers of key k, as views */
static void
keyview(void **parts, Mpint *v, int n)
{
	int i;

	for(i = 0; i < n; i++)
		ipview(parts[i], &v[i]);
}

/*
 * text: a number is the base 64 of its magnitude, with a zero byte
 * first if the top bit is set, as Inferno writes it
 */

/* the number at p, NUL after it; nil if e comes first */
static char*
b64z(Mpint *m, char *p, char *e)
{
	uchar *b;
	int n, k;

	n = mpbelen(m);
	b = malloc(n+1);
	if(b == nil)
		error(exNomem);
	b[0] = 0;
	mptobe(m, b+1, n);
	k = b[1] & 0x80 ? 0 : 1;
	n = enc64(p, e-p, b+k, n+1-k);
	free(b);
	if(n < 0)
		return nil;
	return p+n;
}

/* bytes of the text of IPint v, with its newline */
static int
b64zlen(void *v)
{
	return (ipwords(v)*4+1+2)/3*4 + 1;
}

/* n numbers at p, one a line */
static char*
partstext(void **parts, int n, char *p, char *e)
{
	Mpint m;
	int i;

	for(i = 0; i < n && p != nil; i++){
		ipview(parts[i], &m);
		p = b64z(&m, p, e);
		if(p != nil && p < e-1){
			*p++ = '\n';
			*p = 0;
		}else
			p = nil;
	}
	if(p == nil)
		error("text overflow");
	return p;
}

static int
partslen(void **parts, int n)
{
	int i, len;

	len = 0;
	for(i = 0; i < n; i++)
		len += b64zlen(parts[i]);
	return len;
}

/* the text form of key k (n numbers) in a buffer held at *slot */
static char*
keytext(void **slot, XKey *k, int n)
{
	char *buf, *p, *e;
	int len;

	len = 64 + stringblen(k->x.owner) + partslen(k->n, n);
	buf = holdbuf(slot, len);
	e = buf+len;
	p = seprint(buf, e, "%s\n%s\n", algs[k->alg].name, string2c(k->x.owner));
	partstext(k->n, n, p, e);
	return buf;
}

/* the text form of certificate c in a buffer held at *slot */
static char*
certtext(void **slot, XCert *c)
{
	char *buf, *p, *e;
	int len;

	len = 64 + stringblen(c->x.ha) + stringblen(c->x.signer) + partslen(c->n, algs[c->alg].nsig);
	buf = holdbuf(slot, len);
	e = buf+len;
	p = seprint(buf, e, "%s\n%s\n%s\n%d\n", algs[c->alg].name, string2c(c->x.ha),
		string2c(c->x.signer), c->x.exp);
	partstext(c->n, algs[c->alg].nsig, p, e);
	return buf;
}

void
Keyring_sktostr(void *fp)
{
	F_Keyring_sktostr *f;
	XKey *k;

	f = fp;
	k = checkkey(f->sk, TSK);
	retstr(keytext(HOLD(fp), k, algs[k->alg].nsk), f->ret);
}

void
Keyring_pktostr(void *fp)
{
	F_Keyring_pktostr *f;
	XKey *k;

	f = fp;
	k = checkkey(f->pk, TPK);
	retstr(keytext(HOLD(fp), k, algs[k->alg].npk), f->ret);
}

void
Keyring_certtostr(void *fp)
{
	F_Keyring_certtostr *f;

	f = fp;
	retstr(certtext(HOLD(fp), checkcert(f->c)), f->ret);
}

/*
 * the attribute form: name=hex for each number, the hex (in capitals)
 * of the bytes of its text form, the zero byte too
 */
static char*
partsattr(void **parts, int n, char **names, char *p, char *e)
{
	Mpint m;
	uchar *b;
	int i, j, len, k;

	for(i = 0; i < n; i++){
		ipview(parts[i], &m);
		len = mpbelen(&m);
		b = malloc(len+1);
		if(b == nil)
			error(exNomem);
		b[0] = 0;
		mptobe(&m, b+1, len);
		k = b[1] & 0x80 ? 0 : 1;
		p = seprint(p, e, " %s=", names[i]);
		for(j = k; j <= len; j++)
			p = seprint(p, e, "%.2uX", b[j]);
		free(b);
	}
	return p;
}

/* room for the attribute form of n numbers and a string in quotes */
static int
attrlen(void **parts, int n, String *s)
{
	int i, len;

	len = 128 + 2*stringblen(s);
	for(i = 0; i < n; i++)
		len += 16 + 2*(ipwords(parts[i])*4+1);
	return len;
}

static void
keyattr(void **slot, XKey *k, int n, String **ret)
{
	char *buf, *p, *e, *owner;
	int len;

	len = attrlen(k->n, n, k->x.owner);
	buf = holdbuf(slot, len);
	e = buf+len;
	p = seprint(buf, e, "alg=%q", algs[k->alg].name);
	owner = string2c(k->x.owner);
	if(*owner)
		p = seprint(p, e, " owner=%q", owner);
	partsattr(k->n, n, algs[k->alg].attr, p, e);
	retstr(buf, ret);
}

void
Keyring_sktoattr(void *fp)
{
	F_Keyring_sktoattr *f;
	XKey *k;

	f = fp;
	k = checkkey(f->sk, TSK);
	keyattr(HOLD(fp), k, algs[k->alg].nsk, f->ret);
}

void
Keyring_pktoattr(void *fp)
{
	F_Keyring_pktoattr *f;
	XKey *k;

	f = fp;
	k = checkkey(f->pk, TPK);
	keyattr(HOLD(fp), k, algs[k->alg].npk, f->ret);
}

void
Keyring_certtoattr(void *fp)
{
	F_Keyring_certtoattr *f;
	char *buf, *p, *e, *ha;
	XCert *c;
	int len;

	f = fp;
	c = checkcert(f->c);
	len = attrlen(c->n, algs[c->alg].nsig, c->x.signer) + 2*stringblen(c->x.ha);
	buf = holdbuf(HOLD(fp), len);
	e = buf+len;
	ha = string2c(c->x.ha);
	if(strcmp(ha, "sha") == 0)
		ha = "sha1";
	p = seprint(buf, e, "sigalg=%q-%q signer=%q expires=%ud", algs[c->alg].name, ha,
		string2c(c->x.signer), c->x.exp);
	partsattr(c->n, algs[c->alg].nsig, algs[c->alg].sigattr, p, e);
	retstr(buf, f->ret);
}

/*
 * parsing the text forms: lines of fields; a number is a line of base
 * 64 (other characters ignored), which may not be empty.  A malformed
 * text gives nil, as in Inferno.
 */

typedef struct Line Line;
struct Line
{
	char*	p;
	int	n;
};

/* the next line of *s, without its newline, in l; 0 at the end */
static int
line(char **s, Line *l)
{
	char *p;

	p = *s;
	if(*p == 0)
		return 0;
	l->p = p;
	while(*p != 0 && *p != '\n')
		p++;
	l->n = p - l->p;
	if(*p == '\n')
		p++;
	*s = p;
	return 1;
}

/* n numbers from lines of *s into new IPints parts[]; 0 if malformed */
static int
textparts(char **s, void **parts, int n)
{
	Mpint r;
	Line l;
	uchar *b;
	void *ip;
	int i, m;

	for(i = 0; i < n; i++){
		if(!line(s, &l) || l.n == 0)
			return 0;
		if((vlong)l.n*6 > Maxkeybits+48)
			return 0;
		ip = ipnew(&parts[i], (l.n*3/4+3)/4+1, &r);
		b = malloc(l.n);
		if(b == nil)
			error(exNomem);
		m = dec64(b, l.n, l.p, l.n);
		m = betomp(b, m, &r);
		free(b);
		ipset(ip, &r, m);
	}
	return 1;
}

/* the algorithm named by the first line of *s, or -1 */
static int
textalg(char **s)
{
	char name[Maxname];
	Line l;

	if(!line(s, &l) || l.n >= Maxname)
		return -1;
	memmove(name, l.p, l.n);
	name[l.n] = 0;
	return findalg(name);
}

/* the key (a TSK or TPK) of text s into *ret, or nil */
static void
textkey(char *s, Type *t, void **ret)
{
	XKey *k;
	Line owner;
	int alg;

	destroy(*ret);
	*ret = H;
	alg = textalg(&s);
	if(alg < 0 || !line(&s, &owner))
		return;
	k = newkey(t, alg, H, ret);
	retnstr(owner.p, owner.n, &k->x.owner);
	if(!textparts(&s, k->n, t == TSK ? algs[alg].nsk : algs[alg].npk)){
		destroy(*ret);
		*ret = H;
	}
}

void
Keyring_strtosk(void *fp)
{
	F_Keyring_strtosk *f;

	f = fp;
	if(f->s == H){
		destroy(*f->ret);
		*f->ret = H;
		return;
	}
	textkey(string2c(f->s), TSK, (void**)f->ret);
}

void
Keyring_strtopk(void *fp)
{
	F_Keyring_strtopk *f;

	f = fp;
	if(f->s == H){
		destroy(*f->ret);
		*f->ret = H;
		return;
	}
	textkey(string2c(f->s), TPK, (void**)f->ret);
}

/* the certificate of text s into *ret, or nil */
static void
textcert(char *s, void **ret)
{
	Line ha, signer;
	XCert *c;
	char *e;
	int alg;
	ulong exp;

	destroy(*ret);
	*ret = H;
	alg = textalg(&s);
	if(alg < 0 || !line(&s, &ha) || !line(&s, &signer))
		return;
	exp = strtoul(s, &e, 10);
	s = e;
	if(*s != 0)
		s++;
	c = H2D(XCert*, heap(TCert));
	*ret = c;
	c->alg = alg;
	c->x.sa = (Keyring_SigAlg*)newsigalg(alg);
	retnstr(ha.p, ha.n, &c->x.ha);
	retnstr(signer.p, signer.n, &c->x.signer);
	c->x.exp = exp;
	if(!textparts(&s, c->n, algs[alg].nsig)){
		destroy(*ret);
		*ret = H;
	}
}

void
Keyring_strtocert(void *fp)
{
	F_Keyring_strtocert *f;

	f = fp;
	if(f->s == H){
		destroy(*f->ret);
		*f->ret = H;
		return;
	}
	textcert(string2c(f->s), (void**)f->ret);
}

/*
 * signatures: of a digest, as a big-endian number, by the key's algorithm
 */

/* room for a signature's numbers under key k: its modulus's words */
static int
sigwords(XKey *k)
{
	return ipwords(k->n[k->alg == Adsa ? 1 : 0]) + 1;
}

/*
 * c's hidden signature of m by secret key k, made released into
 * numbers made first, with the room they need
 */
static void
signwith(XKey *k, Mpint *m, XCert *c)
{
	Mpint v[Maxpart], r;
	Mpsig sig;
	int i, e, n;

	n = algs[k->alg].nsig;
	for(i = 0; i < n; i++)
		ipnew(&c->n[i], sigwords(k), &r);
	keyview(k->n, v, algs[k->alg].nsk);
	mpinitv(MPV(&sig));
	release();
	switch(k->alg){
	case Arsa:
		e = rsadecrypt((RSAkey*)v, m, &sig.r);
		break;
	case Aelgamal:
		e = egsign((EGkey*)v, m, &sig);
		break;
	default:
		e = dsasign((DSAkey*)v, m, nil, &sig);
		break;
	}
	acquire();
	mpcheckv(e, MPV(&sig));
	ipfill(c->n[0], &sig.r);
	if(n > 1)
		ipfill(c->n[1], &sig.s);
	mpclearv(MPV(&sig));
}

/* 1 if c's signature is k's of m, worked out released */
static int
verifywith(XKey *k, Mpint *m, XCert *c)
{
	Mpint v[Maxpart];
	Mpsig sig;
	int e;

	keyview(k->n, v, algs[k->alg].npk);
	ipview(c->n[0], &sig.r);
	if(algs[k->alg].nsig > 1)
		ipview(c->n[1], &sig.s);
	release();
	switch(k->alg){
	case Arsa:
		mpinit(&sig.s);
		e = rsaencrypt((RSAkey*)v, &sig.r, &sig.s);
		if(e >= 0)
			e = mpcmp(&sig.s, m) == 0;
		mpclear(&sig.s);
		break;
	case Aelgamal:
		e = egverify((EGkey*)v, m, &sig);
		break;
	default:
		e = dsaverify((DSAkey*)v, m, &sig);
		break;
	}
	acquire();
	mpcheck(e);
	return e;
}

/* a new certificate in *ret, of signer and exp with hash ha, to be signed by alg */
static XCert*
newcert(int alg, String *ha, String *signer, int exp, void **ret)
{
	XCert *c;

	c = H2D(XCert*, heap(TCert));
	destroy(*ret);
	*ret = c;
	c->alg = alg;
	c->x.sa = (Keyring_SigAlg*)newsigalg(alg);
	c->x.ha = ha;
	c->x.signer = signer;
	c->x.exp = exp;
	return c;
}

/*
 * m = the digest under ha of data (n bytes; or what state has had) and
 * then of "signer exp", as a big-endian number in w; 0 if ha is unknown
 */
static int
certdigest(char *ha, void *state, char *data, int n, String *signer, int exp, Mpint *m, u32int *w)
{
	uchar d[Dmaxlen];
	char num[16];
	Digest t;
	char *s;

	if(!khashstart(ha, state, &t))
		return 0;
	s = string2c(signer);
	snprint(num, sizeof num, " %d", exp);
	digupdate(&t, (uchar*)data, n);
	digupdate(&t, (uchar*)s, strlen(s));
	digupdate(&t, (uchar*)num, strlen(num));
	n = digestlen(t.alg);
	digfinal(&t, d);
	mpfix(m, w, Dmaxlen/4);
	betomp(d, n, m);
	return 1;
}

void
Keyring_sign(void *fp)
{
	F_Keyring_sign *f;
	u32int w[Dmaxlen/4];
	XKey *k;
	XCert *c;
	Mpint m;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	k = checkkey(f->sk, TSK);
	if(f->state == H || f->ha == H)
		return;
	if(!certdigest(string2c(f->ha), f->state, nil, 0, k->x.owner, f->exp, &m, w))
		return;
	c = newcert(k->alg, stringdup(f->ha), stringdup(k->x.owner), f->exp, (void**)f->ret);
	signwith(k, &m, c);
}

void
Keyring_verify(void *fp)
{
	F_Keyring_verify *f;
	u32int w[Dmaxlen/4];
	XKey *k;
	XCert *c;
	Mpint m;

	f = fp;
	*f->ret = 0;
	c = checkcert(f->cert);
	k = checkkey(f->pk, TPK);
	if(c->alg != k->alg || f->state == H)
		return;
	if(!certdigest(string2c(c->x.ha), f->state, nil, 0, c->x.signer, c->x.exp, &m, w))
		return;
	*f->ret = verifywith(k, &m, c);
}

void
Keyring_signm(void *fp)
{
	F_Keyring_signm *f;
	XKey *k;
	XCert *c;
	Mpint m;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	k = checkkey(f->sk, TSK);
	if(f->m == H)
		return;
	ipview(f->m, &m);
	if(mpsignif(&m) > Maxkeybits)
		error(exKeySize);
	c = newcert(k->alg, stringdup(f->ha), stringdup(k->x.owner), 0, (void**)f->ret);
	signwith(k, &m, c);
}

void
Keyring_verifym(void *fp)
{
	F_Keyring_verifym *f;
	XKey *k;
	XCert *c;
	Mpint m;

	f = fp;
	*f->ret = 0;
	c = checkcert(f->cert);
	k = checkkey(f->pk, TPK);
	if(c->alg != k->alg || f->m == H)
		return;
	ipview(f->m, &m);
	if(mpsignif(&m) > Maxkeybits)
		error(exKeySize);
	*f->ret = verifywith(k, &m, c);
}

/*
 * keys
 */

/* a new secret key for alg and owner in *ret, its numbers made with room for bits each */
static XKey*
newsk(int alg, String *owner, int bits, void **ret)
{
	Mpint r;
	XKey *k;
	int i;

	k = newkey(TSK, alg, owner, ret);
	for(i = 0; i < algs[alg].nsk; i++)
		ipnew(&k->n[i], bits/32+2, &r);
	return k;
}

/* fill k's numbers from the scratch key v, made with error e */
static void
fillkey(XKey *k, int e, Mpint *v)
{
	int i;

	mpcheckv(e, v, Maxpart);
	for(i = 0; i < algs[k->alg].nsk; i++)
		ipfill(k->n[i], &v[i]);
	mpclearv(v, Maxpart);
}

/* the bits of a key of alg made to order: len, or DSA's 1024 */
static int
keybits(int alg, int len)
{
	switch(alg){
	case Arsa:
		if(len < 4 || len > Maxkeybits)
			error(exKeySize);
		return len;
	case Aelgamal:
		if(len < 16 || len > Maxsafebits)
			error(exKeySize);
		return len;
	}
	return len > 1024 ? len : 1024;
}

void
Keyring_genSK(void *fp)
{
	F_Keyring_genSK *f;
	Mpint v[Maxpart];
	XKey *k;
	int alg, e;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	alg = findalg(string2c(f->algname));
	if(alg < 0)
		return;
	k = newsk(alg, stringdup(f->owner), keybits(alg, alg == Adsa ? 0 : f->length), (void**)f->ret);
	mpinitv(v, Maxpart);
	switch(alg){
	case Arsa:
		e = krsagen(f->length, 6, 0, (RSAkey*)v);
		break;
	case Aelgamal:
		e = keggen(f->length, 0, (EGkey*)v);
		break;
	default:
		e = kdsagen((DSAkey*)v);
		break;
	}
	fillkey(k, e, v);
}

/*
 * a new key with pk's parameters: an RSA key of the sizes of pk's
 * modulus and exponent, or an ElGamal or DSA key in pk's group
 */
void
Keyring_genSKfromPK(void *fp)
{
	F_Keyring_genSKfromPK *f;
	Mpint v[Maxpart], n, ek;
	XKey *pk, *k;
	int e, alg;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	pk = checkkey(f->pk, TPK);
	alg = pk->alg;
	ipview(pk->n[0], &n);
	ipview(pk->n[1], &ek);
	if(alg == Arsa && mpsignif(&ek) > Maxkeybits)
		error(exKeySize);
	k = newsk(alg, stringdup(f->owner), keybits(alg, mpsignif(&n)), (void**)f->ret);
	mpinitv(v, Maxpart);
	switch(alg){
	case Arsa:
		release();
		e = rsagen(mpsignif(&n), mpsignif(&ek), 0, (RSAkey*)v);
		acquire();
		break;
	case Aelgamal:
		ipgetv(pk->n, v, 2);
		release();
		e = egkey((EGkey*)v);
		acquire();
		break;
	default:
		ipgetv(pk->n, v, 2);
		e = kdsagen((DSAkey*)v);
		break;
	}
	fillkey(k, e, v);
}

void
Keyring_sktopk(void *fp)
{
	F_Keyring_sktopk *f;
	XKey *sk, *pk;
	int i;

	f = fp;
	sk = checkkey(f->sk, TSK);
	pk = newkey(TPK, sk->alg, stringdup(sk->x.owner), (void**)f->ret);
	for(i = 0; i < algs[sk->alg].npk; i++){
		ADDREF(sk->n[i]);
		pk->n[i] = sk->n[i];
	}
}

/*
 * authentication (keyring-auth(2)): each end sends the version "1",
 * then alpha^r mod p for a random r, its certificate and its public
 * key; checks the other's key against the signer's (the certificate
 * signs the key's text) and the certificate's date; sends its signature
 * (sha1, no expiry) of the two powers' text, its own first, and checks
 * the other's, the other's first.  The secret is alpha^(r0 r1) mod p,
 * big-endian.  Each end ends with "OK", or an error message ("remote: "
 * before it), and waits for the other's.  What auth holds lives in an
 * array in its frame (the slots below), where it survives release and
 * goes with the frame whatever happens.
 */

enum
{
	Sbuf,		/* a message: Maxbuf bytes */
	Stext,		/* my text to send */
	Sp,		/* Diffie-Hellman's modulus */
	Salpha,		/* and base */
	Smysk,		/* the Authinfo's keys and certificate */
	Smypk,
	Scert,
	Sspk,
	Sr0,		/* my random exponent */
	Sa0,		/* alpha^r0 mod p */
	Sa1,		/* alpha^r1 mod p, the other's */
	Shiscert,
	Shispk,
	Sproof,		/* a signature of the powers */
	Sshared,	/* alpha^(r0 r1) mod p */
	Nslot,
};

typedef struct Auth Auth;
struct Auth
{
	int	fd;
	void**	s;		/* the slots */
	char*	buf;
	char*	err;
};

static int
asend(Auth *a, char *s, int n)
{
	int r;

	release();
	r = ksendmsg(a->fd, s, n);
	acquire();
	if(r <= 0)
		a->err = msgerr;
	return r > 0;
}

/* the next message into a->buf, its length; -1 with a->err the reason */
static int
aget(Auth *a)
{
	int n;

	release();
	n = kgetmsg(a->fd, a->buf, Maxbuf);
	acquire();
	if(n < 0)
		a->err = a->buf;
	return n;
}

static void
aview(Auth *a, int slot, Mpint *m)
{
	ipview(a->s[slot], m);
}

/* the text of the powers in slots i then j, into a->buf; its length */
static int
powstext(Auth *a, int i, int j)
{
	Mpint m;
	char *p, *e;

	e = a->buf+Maxbuf;
	aview(a, i, &m);
	p = b64z(&m, a->buf, e);
	if(p != nil){
		aview(a, j, &m);
		p = b64z(&m, p, e);
	}
	if(p == nil)
		error("text overflow");
	return p - a->buf;
}

/* take a reference to IPint or key v into slot i */
static void
ahold(Auth *a, int i, void *v)
{
	ADDREF(v);
	a->s[i] = v;
}

/* send my signature of a0 a1; check the other's of a1 a0 */
static int
aproof(Auth *a)
{
	u32int w[Dmaxlen/4];
	XKey *mysk;
	XCert *c;
	Mpint m;
	char *s;
	int n;

	mysk = a->s[Smysk];
	n = powstext(a, Sa0, Sa1);
	certdigest("sha1", H, a->buf, n, mysk->x.owner, 0, &m, w);
	c = newcert(mysk->alg, H, stringdup(mysk->x.owner), 0, &a->s[Sproof]);
	retstr("sha1", &c->x.ha);
	signwith(mysk, &m, c);
	s = certtext(&a->s[Stext], c);
	if(!asend(a, s, strlen(s)) || aget(a) < 0)
		return 0;
	textcert(a->buf, &a->s[Sproof]);
	if(a->s[Sproof] == H){
		a->err = "alpha**r1 doesn't match certificate";
		return 0;
	}
	c = a->s[Sproof];
	n = powstext(a, Sa1, Sa0);
	if(c->alg != ((XKey*)a->s[Shispk])->alg
	|| !certdigest(string2c(c->x.ha), H, a->buf, n, c->x.signer, c->x.exp, &m, w)
	|| !verifywith(a->s[Shispk], &m, c)){
		a->err = "bad certificate";
		return 0;
	}
	return 1;
}

/* the exchange, up to the secret in slot Sshared; 0 with a->err if it fails */
static int
aexchange(Auth *a, Keyring_Authinfo *info)
{
	u32int w[Dmaxlen/4];
	Mpint p, al, r0, a0, a1, m;
	XCert *hc;
	XKey *mypk;
	char *s;
	int n, e;

	/* the versions */
	if(!asend(a, "1", 1) || (n = aget(a)) < 0)
		return 0;
	if(n > 4 || atoi(a->buf) != 1){
		a->err = "incompatible authentication protocol";
		return 0;
	}
	if(info == H){
		a->err = "no authentication information";
		return 0;
	}
	if(info->p == H){
		a->err = "missing diffie hellman mod";
		return 0;
	}
	if(info->alpha == H){
		a->err = "missing diffie hellman base";
		return 0;
	}
	ahold(a, Smysk, checkkey(info->mysk, TSK));
	ahold(a, Smypk, mypk = checkkey(info->mypk, TPK));
	ahold(a, Scert, checkcert(info->cert));
	ahold(a, Sspk, checkkey(info->spk, TPK));
	ipview(info->p, &p);
	ipview(info->alpha, &al);
	ahold(a, Sp, info->p);
	ahold(a, Salpha, info->alpha);
	if(p.sign < 0 || p.top == 0){
		a->err = "-ve modulus";
		return 0;
	}
	if(mpsignif(&p) > Maxkeybits || mpsignif(&al) > Maxkeybits)
		error(exKeySize);

	/* alpha^r0 mod p, my certificate and public key */
	ipnew(&a->s[Sr0], p.top, &r0);
	ipnew(&a->s[Sa0], p.top, &a0);
	release();
	e = mprand(mpsignif(&p), &r0);
	if(e >= 0)
		e = mpexp(&al, &r0, &p, &a0);
	acquire();
	ipset(a->s[Sr0], &r0, e);
	ipset(a->s[Sa0], &a0, e);
	n = b64z(&a0, a->buf, a->buf+Maxbuf) - a->buf;
	if(!asend(a, a->buf, n))
		return 0;
	s = certtext(&a->s[Stext], a->s[Scert]);
	if(!asend(a, s, strlen(s)))
		return 0;
	s = keytext(&a->s[Stext], mypk, algs[mypk->alg].npk);
	if(!asend(a, s, strlen(s)))
		return 0;

	/* the other's: alpha^r1 mod p, certificate and public key */
	if((n = aget(a)) < 0)
		return 0;
	ipnew(&a->s[Sa1], n*6/32+2, &a1);
	e = strtomp(a->buf, nil, 64, &a1);
	if(e == Mpnonum){
		a->err = "implausible parameter value";
		return 0;
	}
	ipset(a->s[Sa1], &a1, e);
	if(mpcmp(&p, &a1) <= 0){
		a->err = "implausible parameter value";
		return 0;
	}
	if(mpcmp(&a0, &a1) == 0){
		a->err = "possible replay attack";
		return 0;
	}
	if(aget(a) < 0)
		return 0;
	textcert(a->buf, &a->s[Shiscert]);
	if(a->s[Shiscert] == H){
		a->err = "bad certificate syntax";
		return 0;
	}
	if((n = aget(a)) < 0)
		return 0;
	textkey(a->buf, TPK, &a->s[Shispk]);
	if(a->s[Shispk] == H){
		a->err = "bad public key";
		return 0;
	}
	hc = a->s[Shiscert];
	if(hc->alg != ((XKey*)a->s[Sspk])->alg
	|| !certdigest(string2c(hc->x.ha), H, a->buf, n, hc->x.signer, hc->x.exp, &m, w)
	|| !verifywith(a->s[Sspk], &m, hc)){
		a->err = "pk doesn't match certificate";
		return 0;
	}
	if(hc->x.exp != 0 && hc->x.exp <= osusectime()/1000000){
		a->err = "certificate expired";
		return 0;
	}
	if(!aproof(a))
		return 0;

	/* the secret: alpha^(r0 r1) mod p */
	ipnew(&a->s[Sshared], p.top, &m);
	release();
	e = mpexp(&a1, &r0, &p, &m);
	acquire();
	ipset(a->s[Sshared], &m, e);
	return 1;
}

/* write name to /dev/user, quietly */
static void
setuser(char *name)
{
	int fd;

	release();
	fd = kopen("/dev/user", KOWRITE);
	if(fd >= 0){
		kwrite(fd, name, strlen(name));
		kclose(fd);
	}
	acquire();
}

void
Keyring_auth(void *fp)
{
	F_Keyring_auth *f;
	Mpint m;
	Array *sec;
	Auth a;
	int ok, n;

	f = fp;
	destroy(f->ret->t0);
	f->ret->t0 = H;
	destroy(f->ret->t1);
	f->ret->t1 = H;
	if(f->fd == H || f->fd->fd < 0){
		retstr("bad fd", &f->ret->t0);
		return;
	}
	a.fd = f->fd->fd;
	a.s = holdptrs(HOLD(fp), Nslot);
	a.buf = holdbuf(&a.s[Sbuf], Maxbuf);
	a.err = nil;
	ok = aexchange(&a, f->info);

	/* my verdict, then the other's: a peer's error ends it at once */
	release();
	if(ok)
		ksendmsg(a.fd, "OK", 2);
	else
		ksenderr(a.fd, a.err == a.buf ? "missing your authentication data" : a.err, 1);
	acquire();
	if(a.err != a.buf)
		for(;;){
			release();
			n = kgetmsg(a.fd, a.buf, Maxbuf);
			acquire();
			if(n < 0){
				if(ok)
					a.err = n < -1 ? a.buf : msgerr;
				ok = 0;
				break;
			}
			if(n == 2 && a.buf[0] == 'O' && a.buf[1] == 'K')
				break;
		}
	if(!ok){
		retstr(a.err != nil ? a.err : msgerr, &f->ret->t0);
		if(f->setid)
			setuser("nobody");
		return;
	}
	ipview(a.s[Sshared], &m);
	sec = H2D(Array*, heaparray(&Tbyte, mpbelen(&m)));
	mptobe(&m, sec->data, sec->len);
	f->ret->t1 = sec;
	f->ret->t0 = stringdup(((XKey*)a.s[Shispk])->x.owner);
	if(f->setid)
		setuser(string2c(f->ret->t0));
}

/*
 * key files: five messages (getmsg(2)): the signer's public key, my
 * certificate, my secret key, then alpha and p in base 64.  The file
 * is read whole before anything is made of it, and what is written is
 * made before the file is opened, so that no exception leaves it open.
 */

enum
{
	Nfilemsg	= 5,
};

/* a number of base 64 text s into *ret; 0 if none */
static int
textnum(char *s, void **ret)
{
	Mpint r;
	void *ip;
	int e;

	ip = ipnew(ret, strlen(s)*6/32+2, &r);
	e = strtomp(s, nil, 64, &r);
	if(e == Mpnonum)
		return 0;
	ipset(ip, &r, e);
	return 1;
}

/* the Authinfo of the messages at buf (Maxbuf bytes apart) into ai; 0 if malformed */
static int
textinfo(char *buf, Keyring_Authinfo *ai)
{
	XKey *sk, *pk;
	int i;

	textkey(buf, TPK, (void**)&ai->spk);
	textcert(buf+Maxbuf, (void**)&ai->cert);
	textkey(buf+2*Maxbuf, TSK, (void**)&ai->mysk);
	if(ai->spk == H || ai->cert == H || ai->mysk == H)
		return 0;
	sk = (XKey*)ai->mysk;
	pk = newkey(TPK, sk->alg, stringdup(sk->x.owner), (void**)&ai->mypk);
	for(i = 0; i < algs[sk->alg].npk; i++){
		ADDREF(sk->n[i]);
		pk->n[i] = sk->n[i];
	}
	return textnum(buf+3*Maxbuf, (void**)&ai->alpha) && textnum(buf+4*Maxbuf, (void**)&ai->p);
}

void
Keyring_readauthinfo(void *fp)
{
	F_Keyring_readauthinfo *f;
	Keyring_Authinfo *ai;
	char *buf;
	int fd, i, n;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	if(f->filename == H)
		return;
	buf = holdbuf(HOLD(fp), Nfilemsg*Maxbuf);
	release();
	fd = kopen(string2c(f->filename), KOREAD);
	n = 0;
	if(fd >= 0){
		for(i = 0; i < Nfilemsg; i++)
			if(kgetmsg(fd, buf+i*Maxbuf, Maxbuf) < 0)
				break;
		n = i;
		kclose(fd);
	}
	acquire();
	if(fd < 0){
		seterr();
		return;
	}
	if(n == Nfilemsg){
		ai = H2D(Keyring_Authinfo*, heap(TAuthinfo));
		*f->ret = ai;
		if(textinfo(buf, ai))
			return;
		destroy(*f->ret);
		*f->ret = H;
	}
	kwerrstr("%q: %s", string2c(f->filename), msgerr);
	seterr();
}

void
Keyring_writeauthinfo(void *fp)
{
	F_Keyring_writeauthinfo *f;
	Keyring_Authinfo *ai;
	void **s;
	char *text[Nfilemsg], *path;
	XKey *spk, *sk;
	Mpint m;
	int i, n, fd;

	f = fp;
	*f->ret = -1;
	if(f->filename == H || f->info == H)
		error(exNilref);
	ai = f->info;
	ipview(ai->alpha, &m);
	ipview(ai->p, &m);
	spk = checkkey(ai->spk, TPK);
	sk = checkkey(ai->mysk, TSK);
	s = holdptrs(HOLD(fp), Nfilemsg);
	text[0] = keytext(&s[0], spk, algs[spk->alg].npk);
	text[1] = certtext(&s[1], checkcert(ai->cert));
	text[2] = keytext(&s[2], sk, algs[sk->alg].nsk);
	for(i = 3; i < 5; i++){
		ipview(i == 3 ? ai->alpha : ai->p, &m);
		n = b64zlen(i == 3 ? ai->alpha : ai->p);
		text[i] = holdbuf(&s[i], n);
		b64z(&m, text[i], text[i]+n);
	}
	for(i = 0; i < Nfilemsg; i++)
		if(strlen(text[i]) >= Maxbuf){
			kwerrstr("key too long for a key file");
			seterr();
			return;
		}
	path = string2c(f->filename);
	release();
	/* truncate what is there (perhaps a file2chan): create would change its permissions */
	fd = kopen(path, KOTRUNC|KOWRITE);
	if(fd < 0)
		fd = kcreate(path, KOWRITE, 0600);
	if(fd < 0)
		fd = kopen(path, KOWRITE);
	n = 0;
	if(fd >= 0){
		for(i = 0; i < Nfilemsg; i++)
			if(ksendmsg(fd, text[i], strlen(text[i])) <= 0)
				break;
		n = i;
		kclose(fd);
	}
	acquire();
	if(n == Nfilemsg)
		*f->ret = 0;
	else
		seterr();
}
