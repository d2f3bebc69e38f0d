#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * The console: COM1, a 16550, interrupt-driven both ways.  Output
 * goes through a ring the transmit interrupt drains; with interrupts
 * off (panic, early boot) it is polled.  Where QEMU gives a virtio
 * console (vcons.c), output goes there instead, once the ring is
 * empty.  Input characters are put on kbdq for devcons.  out's Lock
 * guards the ring and the interrupt enable register against the
 * interrupt and other processors; a panic writes without it.
 */
enum
{
	Port	= 0x3F8,
	Irq	= 4,

	Rbr	= 0, Thr = 0, Ier = 1, Iir = 2, Fcr = 2, Lcr = 3, Mcr = 4, Lsr = 5,
	Dll	= 0, Dlm = 1,

	Erda	= 0x01,		/* Ier: receive data available */
	Ethre	= 0x02,		/* Ier: transmitter empty */
	Dr	= 0x01,		/* Lsr: data ready */
	Thre	= 0x20,		/* Lsr: transmit holding empty */
	Fifo	= 16,

	Nring	= 16*1024,
};

Queue*	kbdq;
static struct {
	Lock;
	uchar	buf[Nring];
	ulong	r;
	ulong	w;
	int	intr;		/* transmit interrupt enabled */
	int	on;		/* interrupts set up */
	int	rxoff;		/* receive interrupts off: kbdq was full */
} out;

static void
txstart(void)
{
	int n;

	for(n = 0; n < Fifo && out.r != out.w; n++)
		outb(Port+Thr, out.buf[out.r++ % Nring]);
	if(out.r == out.w){
		if(out.intr){
			out.intr = 0;
			outb(Port+Ier, out.rxoff ? 0 : Erda);
		}
	}else if(!out.intr){
		out.intr = 1;
		outb(Port+Ier, (out.rxoff ? 0 : Erda)|Ethre);
	}
}

static void
uartintr(Ureg*, void*)
{
	int iir, c;

	for(;;){
		iir = inb(Port+Iir);
		if(iir & 1)
			break;
		switch(iir & 0x0E){
		case 0x04:	/* data */
		case 0x0C:	/* timeout */
			while(inb(Port+Lsr) & Dr){
				if(kbdq != nil && qfull(kbdq)){
					/* leave the rest in QEMU until devcons catches up: uartpoll */
					ilock(&out);
					out.rxoff = 1;
					outb(Port+Ier, out.intr ? Ethre : 0);
					iunlock(&out);
					break;
				}
				c = inb(Port+Rbr);
				if(c == 0x10 && verbose){	/* ctl-P: what is everyone doing? */
					dumpprocs();
					disdump();
					continue;
				}
				if(kbdq != nil)
					qiwrite(kbdq, &c, 1);
			}
			break;
		case 0x02:	/* transmitter empty */
			ilock(&out);
			if(inb(Port+Lsr) & Thre)
				txstart();
			iunlock(&out);
			break;
		default:
			inb(Port+Lsr);
			inb(Port+Mcr+2);
			break;
		}
	}
}

void
uartinit(void)
{
	uchar early[16];
	int n;

	/* input that came before us; enabling the fifo would discard it */
	for(n = 0; n < sizeof early && (inb(Port+Lsr) & Dr); n++)
		early[n] = inb(Port+Rbr);
	outb(Port+Ier, 0);
	outb(Port+Lcr, 0x80);
	outb(Port+Dll, 1);	/* 115200 baud */
	outb(Port+Dlm, 0);
	outb(Port+Lcr, 0x03);	/* 8n1 */
	outb(Port+Fcr, 0x07);	/* fifo on, cleared */
	outb(Port+Mcr, 0x0B);	/* dtr, rts, out2 (interrupt enable) */
	kbdq = qopen(4096, 0, nil, nil);
	qnoblock(kbdq, 1);
	if(n > 0)
		qiwrite(kbdq, early, n);
	intrenable(Irq, uartintr, nil, "uart");
	outb(Port+Ier, Erda);
	out.on = 1;
}

/* from the clock: take input again once devcons has made room */
void
uartpoll(void)
{
	if(out.rxoff && qwindow(kbdq) >= 512){
		ilock(&out);
		out.rxoff = 0;
		outb(Port+Ier, out.intr ? Erda|Ethre : Erda);
		iunlock(&out);
	}
}

void
uartputc(int c)
{
	while((inb(Port+Lsr) & Thre) == 0)
		;
	outb(Port+Thr, c);
}

/* wait until everything queued has gone out */
static void
uartdrain(void)
{
	while(out.r != out.w){
		uartputc(out.buf[out.r % Nring]);
		out.r++;
	}
}

void
putstrn(char *s, int n)
{
	int pl, k, locked;

	pl = splhi();
	locked = !panicking;
	if(locked)
		lock(&out);
	if(out.r == out.w){
		k = vconsput(s, n);
		s += k;
		n -= k;
		if(n == 0)
			goto done;
	}
	if(!out.on || !(pl & IFLAG)){
		/* polled: keep the order of anything queued */
		uartdrain();
		while(n-- > 0)
			uartputc(*s++);
		goto done;
	}
	while(n > 0){
		if(out.w - out.r >= Nring){
			uartdrain();
			continue;
		}
		out.buf[out.w++ % Nring] = *s++;
		n--;
	}
	if(!out.intr && (inb(Port+Lsr) & Thre))
		txstart();
done:
	if(locked)
		unlock(&out);
	splx(pl);
}

void
uartflush(void)
{
	int s;

	s = splhi();
	if(!panicking)
		lock(&out);
	uartdrain();
	while((inb(Port+Lsr) & 0x40) == 0)	/* transmitter idle */
		;
	if(!panicking)
		unlock(&out);
	splx(s);
}
